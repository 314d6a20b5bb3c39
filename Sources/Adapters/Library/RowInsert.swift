import GRDB
import GRDBSQLite

/// One `INSERT` run once per row for many rows (a catalog's import, a generated library), its
/// values bound straight into SQLite's statement, each by its own call: a million imported
/// lines cost about 2 s less CPU (of 25) than with GRDB's `StatementArguments`, an array of
/// boxed values per row, each checked and copied (docs/library-database.md). Used on the
/// database's own thread, inside the transaction that `db` is in, and dropped before it ends.
///
///     let insert = try RowInsert(db, sql: "INSERT INTO title (key, name) VALUES (?, ?)")
///     insert.bind(1, id); insert.bind(2, name)
///     try insert.run()
final class RowInsert {
    private let statement: OpaquePointer
    private let connection: OpaquePointer
    private let sql: String

    convenience init(_ db: Database, sql: String) throws {
        guard let connection = db.sqliteConnection else { throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the database is closed", sql: sql) }
        try self.init(connection: connection, sql: sql)
    }

    /// The insert on a connection of SQLite's own (not GRDB's), used on one thread at a time.
    init(connection: OpaquePointer, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw Self.error(connection, sql: sql) }
        self.connection = connection
        self.statement = statement
        self.sql = sql
    }

    /// The last error of `connection`, as GRDB's `DatabaseError` with SQLite's extended code.
    static func error(_ connection: OpaquePointer, sql: String) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)),
                      message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }

    deinit {
        sqlite3_finalize(statement)
    }

    /// Binds parameter `index` (from 1). SQLite copies the bytes.
    func bind(_ index: Int32, _ value: String) {
        var value = value
        value.withUTF8 { bytes in
            // An empty string is text, not NULL, which a nil pointer would bind.
            _ = bytes.isEmpty ? sqlite3_bind_text(statement, index, "", 0, Self.transient)
                : sqlite3_bind_text(statement, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
    }

    func bind(_ index: Int32, _ value: String?) {
        guard let value else { return bindNull(index) }
        bind(index, value)
    }

    func bind(_ index: Int32, _ value: Int) {
        sqlite3_bind_int64(statement, index, Int64(value))
    }

    func bind(_ index: Int32, _ value: Int?) {
        guard let value else { return bindNull(index) }
        bind(index, value)
    }

    func bind(_ index: Int32, _ value: Int64) {
        sqlite3_bind_int64(statement, index, value)
    }

    /// Binds a value of another statement's row as it is (an integer, a blob…); SQLite copies it.
    func bind(_ index: Int32, value: OpaquePointer) {
        sqlite3_bind_value(statement, index, value)
    }

    func bind(_ index: Int32, _ value: Double?) {
        guard let value else { return bindNull(index) }
        sqlite3_bind_double(statement, index, value)
    }

    func bindNull(_ index: Int32) {
        sqlite3_bind_null(statement, index)
    }

    /// Runs the insert with the values bound, ready for the next row's; a failure (a duplicate
    /// key: `SQLITE_CONSTRAINT_UNIQUE`, a full disk) is GRDB's `DatabaseError` with SQLite's
    /// extended code, as a GRDB statement's would be. An interrupted one is `CancellationError`:
    /// GRDB interrupts the connection only when the access's task is cancelled. (A cancel that
    /// comes between two rows is not seen here: `checkCancellation` asks GRDB.)
    func run() throws {
        let code = sqlite3_step(statement)
        guard code != SQLITE_DONE else {
            sqlite3_reset(statement)
            return
        }
        if code == SQLITE_INTERRUPT {
            sqlite3_reset(statement)
            throw CancellationError()
        }
        let error = Self.error(connection, sql: sql)
        sqlite3_reset(statement)
        throw error
    }

    /// The id (rowid) of the row the last `run` inserted.
    var lastID: Int64 { sqlite3_last_insert_rowid(connection) }

    /// Throws `CancellationError` once the database access's task is cancelled, as GRDB does at
    /// each of its own statements: a statement of GRDB's that reads nothing.
    static func checkCancellation(_ db: Database) throws {
        try db.cachedStatement(sql: "SELECT 1").execute()
    }

    /// SQLite's `SQLITE_TRANSIENT`: it copies the bytes before the bind returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
