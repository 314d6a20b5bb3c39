import NIOSSL

/// The certificate and key `spindle serve --tls-cert FILE --tls-key FILE` serves HTTPS with
/// (PEM files; the certificate file may hold the whole chain). Read once at the start, so a
/// bad file is an error before the server listens.
///
///     let tls = try ServerTLS(certificateFile: "cert.pem", keyFile: "key.pem")
///     LibraryServer(database: database, token: token, accountKey: key, tls: tls, logger: logger)
package struct ServerTLS: Sendable {
    let configuration: TLSConfiguration

    package init(certificateFile: String, keyFile: String) throws(ServerStartError) {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateFile)
        } catch {
            throw .tls(file: certificateFile, reason: "it is not a PEM certificate that can be read (\(error))")
        }
        guard !chain.isEmpty else { throw .tls(file: certificateFile, reason: "it holds no PEM certificate") }
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
}
