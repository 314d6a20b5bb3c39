#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser

/// A deliberate crash, for the tests that check the terminal survives one (hidden option).
enum DebugCrash: String, ExpressibleByArgument, CaseIterable {
    /// A Swift trap (`fatalError`): SIGILL on x86_64, SIGTRAP on arm64.
    case trap
    /// SIGABRT.
    case abort
    /// A write through a bad pointer: SIGSEGV.
    case segv

    func crash() -> Never {
        switch self {
        case .trap:
            fatalError("deliberate crash (--debug-crash trap)")
        case .abort:
            Glibc.abort()
        case .segv:
            let pointer = UnsafeMutablePointer<Int>(bitPattern: 8)!
            pointer.pointee = 1
            Glibc.abort()
        }
    }
}
