package io.webserveroperator.dev;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * Writes a fresh RSA key pair as a PKCS #8 PEM file, which kube-apiserver uses to sign and verify
 * service-account tokens and kube-controller-manager uses to issue them.
 */
final class ServiceAccountKey {

  private ServiceAccountKey() {}

  /** Generates a 2048-bit RSA key and writes its private half (which holds the public one). */
  static Path write(Path file) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      byte[] pkcs8 = generator.generateKeyPair().getPrivate().getEncoded();
      String pem =
          "-----BEGIN PRIVATE KEY-----\n"
              + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                  .encodeToString(pkcs8)
              + "\n-----END PRIVATE KEY-----\n";
      Files.writeString(file, pem, StandardCharsets.US_ASCII);
      return file;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("The JVM offers no RSA key generator.", e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
