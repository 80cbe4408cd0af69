package dev.overdue.starter;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The sender's signed token for the steering commands: {@code --token JWT} ({@code OVERDUE_TOKEN})
 * or {@code --token-command CMD} ({@code OVERDUE_TOKEN_COMMAND}, run by {@code sh -c}, its trimmed
 * output the token). A flag wins over both variables. The token goes into each command's input as
 * its {@code token} field ({@link dev.overdue.client.Approvals#signedBy}); the worker verifies it
 * and takes its subject as the acting user. It is never printed: messages that could hold it go
 * through {@link #redact}.
 */
final class TokenOptions {
  static final String TOKEN = "--token";
  static final String TOKEN_COMMAND = "--token-command";
  static final String ENV_TOKEN = "OVERDUE_TOKEN";
  static final String ENV_TOKEN_COMMAND = "OVERDUE_TOKEN_COMMAND";

  /** The flags' names, for the help of the subcommands, which point at the root's help for them. */
  static final Set<String> NAMES = Set.of(TOKEN, TOKEN_COMMAND);

  /** More output than any token: a command that prints this much is not printing a token. */
  static final int MAX_OUTPUT = 1 << 20;

  /** What stands for a token in messages. */
  static final String REDACTED = "<token>";

  /**
   * A JWT in compact form: three base64url parts, the first a JSON object ({@code {"} encodes as
   * {@code eyJ}). Masked in messages even where it is not known as the token (a mistyped flag).
   */
  private static final Pattern JWT =
      Pattern.compile("eyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*");

  @Option(
      names = TOKEN,
      scope = ScopeType.INHERIT,
      paramLabel = "JWT",
      description = {
        "The sender's token, a JWT: every steering command carries it as its \"token\" field"
            + " for the worker to verify; its subject is the acting user. Never printed; queries"
            + " and start send none. Not the server's own authorization (that is --grpc-meta)."
            + " Prefer " + ENV_TOKEN + ": a flag shows in the process list."
      })
  String token;

  @Option(
      names = TOKEN_COMMAND,
      scope = ScopeType.INHERIT,
      paramLabel = "CMD",
      description = {
        "Get the token from CMD, run by sh -c once before anything is sent: its output, trimmed,"
            + " e.g. 'gcloud auth print-identity-token' or an OIDC device-flow helper (its"
            + " prompts on stderr show). A failure or no output is an error and nothing is sent"
            + " (" + ENV_TOKEN_COMMAND + ")."
      })
  String tokenCommand;

  /** Where a token comes from: the flag or variable that gives it, and whether it is a command. */
  record Source(String name, String value, boolean command) {}

  /** The flags' usage error, whatever the command: null when there is none. */
  String misuse() {
    if (token != null && tokenCommand != null) {
      return TOKEN + " and " + TOKEN_COMMAND + " do not go together: give one";
    }
    if (token != null && token.isBlank()) {
      return TOKEN + " is empty: give the token (or leave the flag out)";
    }
    if (tokenCommand != null && tokenCommand.isBlank()) {
      return TOKEN_COMMAND + " is empty: give the command that prints the token";
    }
    return null;
  }

  /** Whether a token is given, by a flag or a variable; null-safe on {@code environment}. */
  boolean given(Map<String, String> environment) {
    return token != null
        || tokenCommand != null
        || set(environment, ENV_TOKEN) != null
        || set(environment, ENV_TOKEN_COMMAND) != null;
  }

  /**
   * Where the token comes from: a flag, else a variable; null when neither gives one.
   *
   * @throws CliError (usage) when both variables are set and no flag chooses
   */
  Source source(Map<String, String> environment) {
    if (token != null) {
      return new Source(TOKEN, token, false);
    }
    if (tokenCommand != null) {
      return new Source(TOKEN_COMMAND, tokenCommand, true);
    }
    String fromEnvironment = set(environment, ENV_TOKEN);
    String commandFromEnvironment = set(environment, ENV_TOKEN_COMMAND);
    if (fromEnvironment != null && commandFromEnvironment != null) {
      throw new CliError(
          ExitCodes.USAGE,
          ENV_TOKEN + " and " + ENV_TOKEN_COMMAND + " are both set: unset one, or give "
              + TOKEN + " or " + TOKEN_COMMAND + ", which wins over both; nothing sent");
    }
    if (fromEnvironment != null) {
      return new Source(ENV_TOKEN, fromEnvironment, false);
    }
    return commandFromEnvironment == null
        ? null
        : new Source(ENV_TOKEN_COMMAND, commandFromEnvironment, true);
  }

  /**
   * The token, its command run once now; null when none is given.
   *
   * @throws CliError (usage) when the command fails or prints no token, or the token is not one
   *     word; the message never holds the token
   */
  String token(Map<String, String> environment) {
    Source source = source(environment);
    if (source == null) {
      return null;
    }
    String token = (source.command() ? run(source) : source.value()).strip();
    if (token.isEmpty()) {
      throw new CliError(
          ExitCodes.USAGE,
          source.command()
              ? "the token command (" + source.name() + ") printed no token; nothing sent"
              : source.name() + " is empty; nothing sent");
    }
    if (token.chars().anyMatch(Character::isWhitespace)) {
      throw new CliError(
          ExitCodes.USAGE,
          (source.command()
                  ? "the token command (" + source.name() + ") printed more than a token"
                  : source.name() + " holds more than a token")
              + ": a token is one word, the JWT alone (no 'Bearer ', no other lines); nothing"
              + " sent");
    }
    return token;
  }

  /** Runs the source's command by {@code sh -c}: its stdout; stdin and stderr are the CLI's. */
  private static String run(Source source) {
    String what = "the token command (" + source.name() + ")";
    Process process;
    try {
      process =
          new ProcessBuilder("sh", "-c", source.value())
              .redirectInput(Redirect.INHERIT)
              .redirectError(Redirect.INHERIT)
              .start();
    } catch (IOException e) {
      throw new CliError(ExitCodes.USAGE, "cannot run " + what + ": " + e.getMessage() + "; nothing sent");
    }
    try {
      byte[] output;
      try (InputStream in = process.getInputStream()) {
        output = in.readNBytes(MAX_OUTPUT + 1); // all of it, up to its end
      }
      if (output.length > MAX_OUTPUT) {
        process.destroyForcibly();
        throw new CliError(
            ExitCodes.USAGE,
            what + " printed more than " + MAX_OUTPUT + " bytes: not a token; nothing sent");
      }
      int exit = process.waitFor();
      if (exit != 0) {
        throw new CliError(
            ExitCodes.USAGE,
            what + " failed (exit " + exit + (exit == 127 ? ": command not found" : "")
                + "); nothing sent");
      }
      return new String(output, StandardCharsets.UTF_8);
    } catch (IOException e) {
      process.destroyForcibly();
      throw new CliError(
          ExitCodes.USAGE, "cannot read " + what + "'s output: " + e.getMessage() + "; nothing sent");
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new CliError(ExitCodes.UNEXPECTED, "interrupted while " + what + " ran; nothing sent");
    }
  }

  /** The variable's value, unless it is unset or blank (as a shell's {@code VAR=} leaves it). */
  private static String set(Map<String, String> environment, String name) {
    String value = environment == null ? null : environment.get(name);
    return value == null || value.isBlank() ? null : value;
  }

  /**
   * The tokens a command line and the environment give, as they are typed: {@code --token}'s
   * values (also of a command line picocli could not parse) and {@code OVERDUE_TOKEN}.
   */
  static List<String> secrets(String[] args, Map<String, String> environment) {
    List<String> secrets = new ArrayList<>();
    if (args != null) {
      for (int i = 0; i < args.length; i++) {
        if (args[i].equals(TOKEN) && i + 1 < args.length) {
          secrets.add(args[i + 1]);
        } else if (args[i].startsWith(TOKEN + "=")) {
          secrets.add(args[i].substring(TOKEN.length() + 1));
        }
      }
    }
    String fromEnvironment = set(environment, ENV_TOKEN);
    if (fromEnvironment != null) {
      secrets.add(fromEnvironment);
    }
    return secrets;
  }

  /** {@code text} with each of {@code secrets}, and anything that looks like a JWT, masked. */
  static String redact(String text, Collection<String> secrets) {
    if (text == null) {
      return null;
    }
    String redacted = text;
    for (String secret : secrets) {
      if (secret != null && secret.strip().length() >= 8) {
        redacted = redacted.replace(secret, REDACTED).replace(secret.strip(), REDACTED);
      }
    }
    return JWT.matcher(redacted).replaceAll(REDACTED);
  }
}
