import Foundation

/// Why a file operation failed, in the person's words: the plain cause behind a Foundation or
/// POSIX error (never `NSCocoaErrorDomain` text). Catalog keys `cause.*`.
///
/// Source for the codes: Foundation's `CocoaError.Code` (`fileNoSuchFile` 4,
/// `fileReadNoSuchFile` 260, `fileReadNoPermission` 257, `fileWriteNoPermission` 513,
/// `fileWriteOutOfSpace` 640, `fileWriteVolumeReadOnly` 642) and POSIX `errno.h`.
public enum FileCause: String, CaseIterable, Sendable {
    case noSuchFile, permissionDenied, noSpace, isFolder, notFolder, readOnly, other

    /// The cause of `error` (a `CocoaError`, a `POSIXError`, or an `NSError` wrapping one).
    public init(_ error: Error) {
        if let system = error as? PrivateFile.SystemError {
            self = Self(errno: system.code) ?? .other; return
        }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain, let c = Self(errno: Int32(ns.code)) { self = c; return }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let c = Self(errno: Int32(underlying.code)) {
            self = c; return
        }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case 4, 260: self = .noSuchFile; return
            case 257, 513: self = .permissionDenied; return
            case 640: self = .noSpace; return
            case 642: self = .readOnly; return
            default: break
            }
        }
        self = .other
    }

    /// The cause of a POSIX `errno`; `nil` for a code with no plain cause here.
    public init?(errno code: Int32) {
        switch code {
        case ENOENT: self = .noSuchFile
        case EACCES, EPERM: self = .permissionDenied
        case ENOSPC, EDQUOT: self = .noSpace
        case EISDIR: self = .isFolder
        case ENOTDIR: self = .notFolder
        case EROFS: self = .readOnly
        default: return nil
        }
    }

    /// The catalog key, e.g. `cause.noSuchFile`.
    public var key: String { "cause." + rawValue }

    /// The cause in `language`, e.g. "there is no such file".
    public func message(_ catalog: StringCatalog, _ language: AppLanguage) -> String {
        catalog.string(key, language)
    }

    /// `reason` as people read it in `language`: a `cause.*` key becomes its text, any other
    /// text is returned as it is.
    public static func localized(_ reason: String, _ catalog: StringCatalog, _ language: AppLanguage) -> String {
        reason.hasPrefix("cause.") ? (catalog.value(reason, language) ?? reason) : reason
    }
}
