import Foundation
import LanternlyCore
import TerminalUI

/// Fixtures and a timing loop for `make bench` (issue 3, "Speed").
///
/// Usage from the bench target (which links LanternlyApp and NcursesBackend):
/// ```swift
/// let term = try NcursesTerminal(headlessWidth: 200, height: 60)   // newterm on /dev/null
/// defer { term.close() }
/// let full = UIBenchmark.renderAndPaint(iterations: 200, catalog: catalog) { frame in
///     term.resetDiff(); term.paint(frame)                           // worst case: every cell
/// }
/// let typing = UIBenchmark.renderAndPaint(iterations: 200, catalog: catalog) { term.paint($0) }
/// ```
public enum UIBenchmark {
    /// Mixed-script lines: English, Russian, Japanese, emoji with a ZWJ sequence, combining marks.
    public static let samples = [
        "Today was long, but the evening was kind to me.",
        "Сегодня был длинный день, но вечер оказался тёплым.",
        "今日は長い一日だったけど、夜は穏やかだった。",
        "Family 👨‍👩‍👧 dinner 🍲, café, naïve, e\u{301}",
    ]

    /// A chat screen of `width` × `height` cells holding `messages` lines (alternating person
    /// and Luna, every reply source), a download banner, the daily question and a typed input.
    public static func chatState(width: Int = 200, height: Int = 60, messages: Int = 1_000) -> AppState {
        var state = AppState(width: width, height: height)
        state.transcript.reserveCapacity(messages)
        for i in 0..<messages {
            let text = samples[i % samples.count] + " #\(i)"
            state.transcript.append(i % 2 == 0 ? ChatLine(role: .person, text: text)
                                                : ChatLine(role: .luna, text: text, source: ReplySource.allCases[i % 4]))
        }
        state.status = AppStatus(availability: .unavailable(.modelNotReady), banner: "The model is downloading.",
                                 downloadProgress: 0.4)
        state.dailyQuestion = "What felt like yours today?"
        state.input.insert("Черновик 下書き ✍️")
        return state
    }

    /// Times `render` + `paint` for `iterations` frames of ``chatState(width:height:messages:)``;
    /// each iteration types one character first, so every frame differs from the last.
    ///
    /// - Returns: each iteration's duration in seconds (monotonic clock).
    public static func renderAndPaint(iterations: Int, width: Int = 200, height: Int = 60, messages: Int = 1_000,
                                      catalog: StringCatalog, paint: (ScreenBuffer) -> Void) -> [Double] {
        var state = chatState(width: width, height: height, messages: messages)
        var times: [Double] = []
        times.reserveCapacity(iterations)
        for i in 0..<iterations {
            let typed = samples[i % samples.count]
            _ = reduce(&state, .keyPressed(.character(typed[typed.index(typed.startIndex, offsetBy: i % 10)])))
            let start = DispatchTime.now().uptimeNanoseconds
            paint(render(state, catalog: catalog))
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times
    }
}
