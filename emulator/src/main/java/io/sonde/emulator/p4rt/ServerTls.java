package io.sonde.emulator.p4rt;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;

import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.netty.handler.ssl.ClientAuth;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder;

/**
 * A switch's TLS identity: its certificate chain and key (PEM, PKCS#8), and, for mutual
 * TLS, the CA whose certificates controllers must present.
 *
 * @param certificateChain PEM file
 * @param privateKey PEM file
 * @param clientCa PEM file; null accepts controllers without a certificate
 */
public record ServerTls(File certificateChain, File privateKey, File clientCa) {

	SslContext sslContext() {
		try {
			SslContextBuilder ssl = GrpcSslContexts.forServer(this.certificateChain, this.privateKey);
			if (this.clientCa != null) {
				ssl.trustManager(this.clientCa).clientAuth(ClientAuth.REQUIRE);
			}
			return ssl.build();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the switch's TLS files", ex);
		}
	}

}
