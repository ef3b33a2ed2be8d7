import Foundation

/// A value shared between a test and the `@Sendable` closures it hands out (a profile, a clock).
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: Value

    public init(_ value: Value) { _value = value }

    public var value: Value {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }
}
