import Foundation

// STUB — owned by the content helper. Signature is fixed.

/// The daily question: 3 ``LifePath``s × 6 questions (DESIGN.md §6).
public struct DailyQuestionService: Sendable {
    public init(catalog: StringCatalog) {}
    /// The six questions of `path` in `language`, in bank order.
    public func questions(path: LifePath, language: AppLanguage) -> [String] { [] }
    /// Widget mode: `bank[(dayOfYear - 1) % bank.count]` by the local day of `date` in `calendar`.
    public func widgetQuestion(path: LifePath, language: AppLanguage, date: Date, calendar: Calendar) -> String { "" }
}
