#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON

/// Why a catalog file was refused. Its description is what the user sees, in the form
/// compilers use so that editors can jump to it: `FILE:LINE: what is wrong`.
///
///     catalog.jsonl:7: field "year" must be an integer, got "abc"
///     catalog.jsonl: cannot read the file: no such file
package struct CatalogFileError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The path as the user gave it.
    package var file: String
    /// 1-based; nil when the problem is with the whole file.
    package var line: Int?
    package var problem: Problem

    package init(file: String, line: Int?, problem: Problem) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    package var description: String {
        if let line { "\(file):\(line): \(problem)" } else { "\(file): \(problem)" }
    }

    package var errorDescription: String? { description }

    package enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(reason: String)
        case noTitles
        case notUTF8
        /// `reason` says what `JSONParser` refused; `column` (1-based, in characters) is where.
        case notJSON(reason: String, column: Int?)
        /// The line is JSON, but not an object; `found` describes what it is.
        case notAnObject(found: String)
        case missingField(String)
        /// `found` is the offending value as JSON, already made safe to print.
        case wrongType(field: String, expected: String, found: String)
        case emptyText(field: String)
        /// `requirement` completes "must be …", e.g. "greater than 0".
        case outOfRange(field: String, requirement: String, found: Int)
        /// Two time marks in the wrong order, e.g. intro_end before intro_start.
        case marksOutOfOrder(later: String, laterValue: Int, earlier: String, earlierValue: Int)
        case markAfterEnd(field: String, value: Int, duration: Int)
        case duplicateID(String, firstLine: Int)
        /// The line is longer than `CatalogLineSplitter.maxLineBytes`.
        case lineTooLong(limit: Int)
        /// A device, a pipe, a directory…: `kind` says which ("a character device").
        case notARegularFile(kind: String)

        package var description: String {
            switch self {
            case .unreadable(let reason):
                "cannot read the file: \(reason)"
            case .noTitles:
                "the file holds no titles"
            case .notUTF8:
                "not valid UTF-8 text"
            case .notJSON(let reason, let column?):
                "not valid JSON: \(reason) (column \(column))"
            case .notJSON(let reason, nil):
                "not valid JSON: \(reason)"
            case .notAnObject(let found):
                "expected a JSON object for one title, got \(found)"
            case .missingField(let field):
                "missing field \"\(field)\""
            case .wrongType(let field, let expected, let found):
                "field \"\(field)\" must be \(expected), got \(found)"
            case .emptyText(let field):
                "field \"\(field)\" must not be empty"
            case .outOfRange(let field, let requirement, let found):
                "field \"\(field)\" must be \(requirement), got \(found)"
            case .marksOutOfOrder(let later, let laterValue, let earlier, let earlierValue):
                "\(later) (\(laterValue)) is before \(earlier) (\(earlierValue))"
            case .markAfterEnd(let field, let value, let duration):
                "\(field) (\(value)) is after the end of the title (duration \(duration))"
            case .duplicateID(let id, let firstLine):
                "id \(JSONValue.quote(id)) is already used on line \(firstLine)"
            case .lineTooLong(let limit):
                "the line is longer than \(limit / (1 << 20)) MB; a catalog has one title per line"
            case .notARegularFile(let kind):
                "not a regular file (it is \(kind)); a catalog is a JSON Lines text file"
            }
        }
    }
}
