package io.webserveroperator.dev;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where one local cluster keeps its files and on which loopback ports its components listen.
 *
 * @param root the temporary folder that holds everything and is removed on close
 * @param etcdPort etcd's client port
 * @param etcdPeerPort etcd's peer port (unused by others, but etcd always listens on one)
 * @param apiServerPort kube-apiserver's secure port
 * @param controllerManagerPort kube-controller-manager's secure (health) port
 * @param schedulerPort kube-scheduler's secure (health) port
 */
public record ClusterLayout(
    Path root,
    int etcdPort,
    int etcdPeerPort,
    int apiServerPort,
    int controllerManagerPort,
    int schedulerPort) {

  /** The address every component binds to. */
  public static final String HOST = "127.0.0.1";

  public ClusterLayout {
    if (root == null) {
      throw new IllegalArgumentException("The cluster folder must not be null.");
    }
    List<Integer> ports =
        List.of(etcdPort, etcdPeerPort, apiServerPort, controllerManagerPort, schedulerPort);
    if (ports.stream().anyMatch(p -> p < 1 || p > 65535)
        || ports.stream().distinct().count() != ports.size()) {
      throw new IllegalArgumentException(
          "The cluster ports must be distinct, valid ports: " + ports);
    }
  }

  /** A layout in {@code root} with five ports that were free on 127.0.0.1 a moment ago. */
  public static ClusterLayout onFreePorts(Path root) {
    List<ServerSocket> sockets = new ArrayList<>();
    try {
      // All five stay open until each has a port, so no two of them get the same one.
      for (int i = 0; i < 5; i++) {
        sockets.add(new ServerSocket(0, 1, InetAddress.getByName(HOST)));
      }
      return new ClusterLayout(
          root,
          sockets.get(0).getLocalPort(),
          sockets.get(1).getLocalPort(),
          sockets.get(2).getLocalPort(),
          sockets.get(3).getLocalPort(),
          sockets.get(4).getLocalPort());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      for (ServerSocket socket : sockets) {
        try {
          socket.close();
        } catch (IOException e) {
          // A socket that fails to close still frees its port when the JVM exits.
        }
      }
    }
  }

  public String etcdUrl() {
    return "http://" + HOST + ":" + etcdPort;
  }

  public String etcdPeerUrl() {
    return "http://" + HOST + ":" + etcdPeerPort;
  }

  public String apiServerUrl() {
    return "https://" + HOST + ":" + apiServerPort;
  }

  public Path etcdData() {
    return root.resolve("etcd");
  }

  public Path certDir() {
    return root.resolve("pki");
  }

  /** The self-signed serving certificate chain kube-apiserver writes into {@link #certDir()}. */
  public Path apiServerCertificate() {
    return certDir().resolve("apiserver.crt");
  }

  public Path serviceAccountKey() {
    return certDir().resolve("service-account.key");
  }

  public Path tokenFile() {
    return certDir().resolve("tokens.csv");
  }

  /** The API server's audit policy: what ServiceAccounts send, at the Metadata level. */
  public Path auditPolicy() {
    return root.resolve("audit-policy.yaml");
  }

  /** The audit log, one JSON event per line. */
  public Path auditLog() {
    return root.resolve("logs").resolve("audit.log");
  }

  public Path kubeconfig() {
    return root.resolve("kubeconfig");
  }

  public Path kwokConfig() {
    return root.resolve("kwok-stages.yaml");
  }

  public Path log(String component) {
    return root.resolve("logs").resolve(component + ".log");
  }
}
