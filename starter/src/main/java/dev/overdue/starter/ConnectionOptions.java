package dev.overdue.starter;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code temporal} CLI's connection flags ({@code --address}, {@code --namespace}, {@code
 * --profile}, {@code --config-file}, {@code --tls*}, {@code --api-key}, {@code --grpc-meta}). Each
 * becomes the TEMPORAL_* variable of the same meaning, laid over the environment, so that
 * temporal-envconfig reads them exactly as it reads the variables: a flag wins over the variable,
 * which wins over the profile, as in the {@code temporal} CLI.
 */
final class ConnectionOptions {
  /** The flags' names, for the help of the subcommands, which point at the root's help for them. */
  static final Set<String> NAMES =
      Set.of("--address", "--namespace", "--profile", "--config-file", "--api-key", "--tls",
          "--tls-cert-path", "--tls-cert-data", "--tls-key-path", "--tls-key-data", "--tls-ca-path",
          "--tls-ca-data", "--tls-server-name", "--tls-disable-host-verification", "--grpc-meta");

  @Option(names = "--address", scope = ScopeType.INHERIT, paramLabel = "HOST:PORT",
      description = "Temporal frontend (TEMPORAL_ADDRESS; default localhost:7233).")
  String address;

  @Option(names = {"-n", "--namespace"}, scope = ScopeType.INHERIT, paramLabel = "NAMESPACE",
      description = "Namespace (TEMPORAL_NAMESPACE; default: default).")
  String namespace;

  @Option(names = "--profile", scope = ScopeType.INHERIT, paramLabel = "NAME",
      description = "Profile of the client config file (TEMPORAL_PROFILE).")
  String profile;

  @Option(names = "--config-file", scope = ScopeType.INHERIT, paramLabel = "FILE",
      description = "Client config file, TOML (TEMPORAL_CONFIG_FILE; default"
          + " ~/.config/temporalio/temporal.toml).")
  String configFile;

  @Option(names = "--api-key", scope = ScopeType.INHERIT, paramLabel = "KEY",
      description = "API key (TEMPORAL_API_KEY, which keeps it out of the process list).")
  String apiKey;

  @Option(names = "--tls", scope = ScopeType.INHERIT, arity = "0..1", paramLabel = "BOOL",
      fallbackValue = "true", description = "Use TLS; --tls=false turns it off (TEMPORAL_TLS).")
  Boolean tls;

  @Option(names = "--tls-cert-path", scope = ScopeType.INHERIT, paramLabel = "FILE",
      description = "Client certificate, PEM (TEMPORAL_TLS_CLIENT_CERT_PATH).")
  String tlsCertPath;

  @Option(names = "--tls-cert-data", scope = ScopeType.INHERIT, paramLabel = "PEM",
      description = "Client certificate itself (TEMPORAL_TLS_CLIENT_CERT_DATA).")
  String tlsCertData;

  @Option(names = "--tls-key-path", scope = ScopeType.INHERIT, paramLabel = "FILE",
      description = "Client key, PKCS#8 PEM (TEMPORAL_TLS_CLIENT_KEY_PATH).")
  String tlsKeyPath;

  @Option(names = "--tls-key-data", scope = ScopeType.INHERIT, paramLabel = "PEM",
      description = "Client key itself (TEMPORAL_TLS_CLIENT_KEY_DATA).")
  String tlsKeyData;

  @Option(names = "--tls-ca-path", scope = ScopeType.INHERIT, paramLabel = "FILE",
      description = "CA that signed the server's certificate (TEMPORAL_TLS_SERVER_CA_CERT_PATH).")
  String tlsCaPath;

  @Option(names = "--tls-ca-data", scope = ScopeType.INHERIT, paramLabel = "PEM",
      description = "That CA itself (TEMPORAL_TLS_SERVER_CA_CERT_DATA).")
  String tlsCaData;

  @Option(names = "--tls-server-name", scope = ScopeType.INHERIT, paramLabel = "NAME",
      description = "Host name to expect in the server's certificate (TEMPORAL_TLS_SERVER_NAME).")
  String tlsServerName;

  @Option(names = "--tls-disable-host-verification", scope = ScopeType.INHERIT, arity = "0..1",
      paramLabel = "BOOL", fallbackValue = "true",
      description = "Trust any server certificate when no CA is given"
          + " (TEMPORAL_TLS_DISABLE_HOST_VERIFICATION).")
  Boolean tlsDisableHostVerification;

  @Option(names = "--grpc-meta", scope = ScopeType.INHERIT, paramLabel = "KEY=VALUE",
      description = "gRPC header for every call, repeatable (TEMPORAL_GRPC_META_<KEY>).")
  Map<String, String> grpcMeta;

  /** The flags given, as the TEMPORAL_* variables they stand for; empty without any. */
  Map<String, String> variables() {
    Map<String, String> variables = new LinkedHashMap<>();
    put(variables, "TEMPORAL_ADDRESS", address);
    put(variables, "TEMPORAL_NAMESPACE", namespace);
    put(variables, "TEMPORAL_PROFILE", profile);
    put(variables, "TEMPORAL_CONFIG_FILE", configFile);
    put(variables, "TEMPORAL_API_KEY", apiKey);
    put(variables, "TEMPORAL_TLS", tls == null ? null : tls.toString());
    put(variables, "TEMPORAL_TLS_CLIENT_CERT_PATH", tlsCertPath);
    put(variables, "TEMPORAL_TLS_CLIENT_CERT_DATA", tlsCertData);
    put(variables, "TEMPORAL_TLS_CLIENT_KEY_PATH", tlsKeyPath);
    put(variables, "TEMPORAL_TLS_CLIENT_KEY_DATA", tlsKeyData);
    put(variables, "TEMPORAL_TLS_SERVER_CA_CERT_PATH", tlsCaPath);
    put(variables, "TEMPORAL_TLS_SERVER_CA_CERT_DATA", tlsCaData);
    put(variables, "TEMPORAL_TLS_SERVER_NAME", tlsServerName);
    put(variables, "TEMPORAL_TLS_DISABLE_HOST_VERIFICATION",
        tlsDisableHostVerification == null ? null : tlsDisableHostVerification.toString());
    if (grpcMeta != null) {
      // temporal-envconfig turns TEMPORAL_GRPC_META_X_TEAM back into the header x-team.
      grpcMeta.forEach((key, value) -> variables.put(
          "TEMPORAL_GRPC_META_" + key.replace('-', '_').toUpperCase(Locale.ROOT), value));
    }
    return variables;
  }

  /** {@code environment} with the flags' {@code variables} laid over it. */
  static Map<String, String> over(Map<String, String> environment, Map<String, String> variables) {
    Map<String, String> merged = new LinkedHashMap<>(environment);
    merged.putAll(variables);
    return merged;
  }

  private static void put(Map<String, String> variables, String name, String value) {
    if (value != null) {
      variables.put(name, value);
    }
  }

  /**
   * The connection flags of a command line read before the command line itself is parsed, so that
   * the connection can be made meanwhile. A guess: the other options are not known here, so a value
   * such as {@code --comment --address} reads differently; the CLI checks the guess against the
   * parsed flags and connects anew when they differ.
   */
  static ConnectionOptions scan(String[] args) {
    ConnectionOptions options = new ConnectionOptions();
    // The token's flags are known here, so that what follows them is read as their value, never
    // as a connection flag; they are read into a throwaway, and the token is not kept.
    CommandSpec spec = CommandSpec.forAnnotatedObject(options);
    spec.addMixin("signing", CommandSpec.forAnnotatedObject(new TokenOptions()));
    try {
      new CommandLine(spec)
          .setUnmatchedArgumentsAllowed(true)
          .setUnmatchedOptionsArePositionalParams(false)
          .setExpandAtFiles(false)
          .parseArgs(args);
    } catch (CommandLine.ParameterException unreadable) {
      return new ConnectionOptions(); // the real parse reports it
    }
    return options;
  }
}
