// Apple's on-device model behind Luna's `LanguageModel` (DESIGN.md §10), with the three
// layers of the Lanternly documents: the import behind `#if canImport(FoundationModels)`,
// `if #available(iOS 26, macOS 26, *)` plus `case .available =
// SystemLanguageModel.default.availability` at every call site, and `@available(iOS 26,
// macOS 26, *)` on the private helper that touches the framework's types.
//
// On Linux the framework does not exist and this file compiles to nothing in the product.
// The test build compiles the same file (Tests/FoundationModelsAdapter links to it) against a
// stand-in module named `FoundationModels` (Tests/FoundationModelsStandIn) with
// FOUNDATION_MODELS_STAND_IN defined; the extra condition keeps the product from picking the
// stand-in up by accident, since SwiftPM lets any target see every built module.
//
// Sources (Apple Developer Documentation, FoundationModels): SystemLanguageModel.availability
// and UnavailableReason (not frozen), supportedLanguages, LanguageModelSession
// init(model:tools:instructions:), respond(to:options:), streamResponse(to:options:),
// LanguageModelSession.GenerationError.
#if canImport(FoundationModels) && (canImport(Darwin) || FOUNDATION_MODELS_STAND_IN)
import Foundation
import FoundationModels
import LanternlyCore

/// Luna's model on a device with Apple Intelligence (macOS 26 / iOS 26 and later).
///
/// Availability and its reasons come from `SystemLanguageModel.default.availability`
/// (``ModelAvailability``; a reason this build does not know becomes
/// ``UnavailableReason/unknown(_:)``, like `@unknown default`); an OS before 26 is
/// ``UnavailableReason/osTooOld``. Languages come from `supportedLanguages`; replies from a
/// `LanguageModelSession` made with the instructions, whose prompt carries the turns and the
/// message. Errors are `LanguageModelSession.GenerationError`, mapped case by case onto
/// ``GenerationError`` so diagnostics record each by name.
public final class FoundationModelsLanguageModel: LanguageModel, @unchecked Sendable {
    public init() {}

    public var availability: ModelAvailability {
        if #available(iOS 26, macOS 26, *) { return FoundationModelsBridge.availability() }
        return .unavailable(.osTooOld)
    }

    public var supportedLanguages: Set<AppLanguage> {
        if #available(iOS 26, macOS 26, *), case .available = SystemLanguageModel.default.availability {
            return FoundationModelsBridge.languages()
        }
        return []
    }

    public func respond(instructions: String, prompt: String) async throws -> String {
        if #available(iOS 26, macOS 26, *), case .available = SystemLanguageModel.default.availability {
            return try await FoundationModelsBridge.respond(instructions: instructions, prompt: prompt)
        }
        throw GenerationError.assetsUnavailable
    }

    public func streamResponse(instructions: String, prompt: String,
                               progress: @escaping @Sendable (ReplyProgress) -> Void) async throws -> ModelResponse {
        if #available(iOS 26, macOS 26, *), case .available = SystemLanguageModel.default.availability {
            return try await FoundationModelsBridge.stream(instructions: instructions, prompt: prompt, progress: progress)
        }
        throw GenerationError.assetsUnavailable
    }
}

/// A generation error of a case this build does not know (the enum is not frozen).
public struct UnknownGenerationError: NamedError {
    public var name: String { "unknownGenerationError" }
}

/// The only code that touches the framework's types.
@available(iOS 26, macOS 26, *)
private enum FoundationModelsBridge {
    static func availability() -> ModelAvailability {
        switch SystemLanguageModel.default.availability {
        case .available:
            return .available
        case .unavailable(let reason):
            switch reason {
            case .deviceNotEligible: return .unavailable(.deviceNotEligible)
            case .appleIntelligenceNotEnabled: return .unavailable(.appleIntelligenceNotEnabled)
            case .modelNotReady: return .unavailable(.modelNotReady)
            @unknown default: return .unavailable(.unknown(String(describing: reason)))
            }
        }
    }

    static func languages() -> Set<AppLanguage> {
        Set(SystemLanguageModel.default.supportedLanguages.compactMap { language in
            language.languageCode.flatMap { AppLanguage(code: $0.identifier) }
        })
    }

    static func respond(instructions: String, prompt: String) async throws -> String {
        let session = LanguageModelSession(instructions: instructions)
        do {
            return try await session.respond(to: prompt).content
        } catch let error as LanguageModelSession.GenerationError {
            throw map(error)
        }
    }

    static func stream(instructions: String, prompt: String,
                       progress: @escaping @Sendable (ReplyProgress) -> Void) async throws -> ModelResponse {
        let session = LanguageModelSession(instructions: instructions)
        var text = ""
        do {
            // Each snapshot holds the whole text so far.
            for try await snapshot in session.streamResponse(to: prompt) {
                text = snapshot.content
                progress(.text(text))
            }
        } catch let error as LanguageModelSession.GenerationError {
            throw map(error)
        }
        return ModelResponse(text: text)
    }

    static func map(_ error: LanguageModelSession.GenerationError) -> Error {
        switch error {
        case .exceededContextWindowSize: return GenerationError.exceededContextWindowSize
        case .assetsUnavailable: return GenerationError.assetsUnavailable
        case .guardrailViolation: return GenerationError.guardrailViolation
        case .unsupportedGuide: return GenerationError.unsupportedGuide
        case .unsupportedLanguageOrLocale: return GenerationError.unsupportedLanguageOrLocale
        case .decodingFailure: return GenerationError.decodingFailure
        case .rateLimited: return GenerationError.rateLimited
        case .concurrentRequests: return GenerationError.concurrentRequests
        case .refusal: return GenerationError.refusal
        @unknown default: return UnknownGenerationError()
        }
    }
}
#endif
