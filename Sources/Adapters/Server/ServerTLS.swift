import Catalog
import CatalogFile
import NIOSSL

/// The certificate and key `spindle serve --tls-cert FILE --tls-key FILE` serves HTTPS with
/// (PEM files; the certificate file may hold the whole chain). Read once at the start, so a
/// bad file is an error before the server listens. Each must be a regular file (through a
/// symbolic link too), looked at before it is opened: a FIFO there would hold the start.
///
///     let tls = try ServerTLS(certificateFile: "cert.pem", keyFile: "key.pem")
///     LibraryServer(database: database, token: token, accountKey: key, tls: tls, logger: logger)
package struct ServerTLS: Sendable {
    let configuration: TLSConfiguration

    package init(certificateFile: String, keyFile: String) throws(ServerStartError) {
        try Self.checkRegularFile(certificateFile)
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateFile)
        } catch {
            throw .tls(file: certificateFile, reason: "it is not a PEM certificate that can be read (\(error))")
        }
        guard !chain.isEmpty else { throw .tls(file: certificateFile, reason: "it holds no PEM certificate") }
        try Self.checkRegularFile(keyFile)
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: keyFile, format: .pem)
        } catch {
            throw .tls(file: keyFile, reason: "it is not a PEM private key that can be read (\(error))")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        do {
            // Builds the context once: a key that does not match the certificate fails here.
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .tls(file: keyFile, reason: "the key does not go with \(certificateFile) (\(error))")
        }
        self.configuration = configuration
    }

    /// Refuses a FIFO, a device, a socket or a directory, and a missing file, before any open.
    private static func checkRegularFile(_ path: String) throws(ServerStartError) {
        do throws(CatalogFileError) {
            try CatalogFileError.checkRegularFile(path)
        } catch {
            switch error.problem {
            case .notARegularFile(let kind): throw .tls(file: path, reason: "it is \(kind), not a regular file")
            case .unreadable(let reason): throw .tls(file: path, reason: reason)
            default: throw .tls(file: path, reason: "\(error.problem)")
            }
        }
    }
}
