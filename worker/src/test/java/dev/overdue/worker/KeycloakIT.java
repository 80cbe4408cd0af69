package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.overdue.model.auth.TokenCheck;
import dev.overdue.model.auth.TokenVerifier;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real OpenID Connect provider: Keycloak started by {@code bin/keycloak} on a free port with the
 * realm deploy/keycloak/overdue-realm.json, its tokens (password grant, through {@code bin/keycloak
 * token}) checked by the worker's own {@link JwtVerifier}, configured as a user would: the
 * settings file docs/examples/keycloak.yaml with the issuer that {@code bin/keycloak start}
 * printed; and the inbox's sign-in (authorization code with PKCE), as a browser does it. The
 * first run on a machine installs Keycloak and imports the realm (a minute or two;
 * .ci/run does it beforehand with {@code bin/keycloak --install-only}).
 */
class KeycloakIT {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path SCRIPT = ROOT.resolve("bin/keycloak");
  private static final Path EXAMPLE = ROOT.resolve("docs/examples/keycloak.yaml");
  /** This test's own server: a Keycloak someone runs from the checkout (.overdue/keycloak) is left alone. */
  private static final Path DIR = Path.of("target", "keycloak-it").toAbsolutePath();
  private static final ObjectMapper JSON = new ObjectMapper();

  private static int port;
  private static String issuer;
  private static TokenVerifier verifier;

  @BeforeAll
  static void startKeycloak() throws Exception {
    port = FreePorts.free();
    // Generous: the first run on a machine installs Keycloak and imports the realm.
    Run started = run(20, "start", "--port", Integer.toString(port));
    // Keycloak needs Java 21+, which a developer's machine may lack (the build needs 17): skipped
    // then, except under CI, whose machines ship one.
    Assumptions.assumeFalse(
        started.exit() != 0 && started.err().contains("needs Java 21 or newer") && !"true".equals(System.getenv("CI")),
        "no Java 21+ for Keycloak: " + started.err());
    assertEquals(0, started.exit(), started.all());
    List<String> lines = started.out().lines().toList();
    assertEquals(1, lines.size(), "start prints the issuer URL only on stdout: " + started.all());
    issuer = lines.get(0);
    assertEquals("http://127.0.0.1:" + port + "/realms/overdue", issuer, started.all());
    System.out.println("KEYCLOAK | " + started.err().strip().replace("\n", " ⏎ "));

    JsonNode discovery = get(issuer + "/.well-known/openid-configuration");
    assertEquals(issuer, discovery.path("issuer").asText(), discovery.toString());
    // docs/examples/keycloak.yaml derives the jwks URL from the issuer: the realm must agree.
    assertEquals(issuer + "/protocol/openid-connect/certs", discovery.path("jwks_uri").asText(), discovery.toString());

    WorkerSettings settings =
        WorkerSettings.load(EXAMPLE, name -> name.equals("OVERDUE_KEYCLOAK_ISSUER") ? issuer : null);
    AuthSettings auth = settings.auth();
    assertEquals(List.of(new AuthSettings.Issuer(issuer, discovery.path("jwks_uri").asText())), auth.issuers());
    assertEquals(List.of("overdue-api"), auth.audiences());
    assertEquals("preferred_username", auth.userClaim());
    verifier = auth.verifier();
  }

  @AfterAll
  static void stopKeycloak() throws Exception {
    Run stopped = run(2, "stop");
    assertEquals(0, stopped.exit(), stopped.all());
    Run status = run(1, "status");
    assertEquals(3, status.exit(), "stopped, status says it does not run: " + status.all());
  }

  @Test
  void aliceTokenIsVerifiedAsAlice() throws Exception {
    String token = token("alice");
    TokenCheck check = verifier.verify(token, Instant.now());
    assertTrue(check.isVerified(), check.refusal());
    assertEquals("alice", check.subject());
    assertEquals(issuer, check.issuer());
    JWTClaimsSet claims = SignedJWT.parse(token).getJWTClaimsSet();
    assertTrue(claims.getAudience().contains("overdue-api"), claims.toString());
    assertEquals("overdue-cli", claims.getStringClaim("azp"));
    // Short-lived: minutes, not hours (the token travels in Temporal's history).
    long lifetime = claims.getExpirationTime().getTime() - claims.getIssueTime().getTime();
    assertTrue(lifetime > 0 && lifetime <= 10 * 60_000, "lifetime " + lifetime + " ms");
  }

  @Test
  void frankIsVerifiedAndInFinance() throws Exception {
    String token = token("frank");
    TokenCheck check = verifier.verify(token, Instant.now());
    assertTrue(check.isVerified(), check.refusal());
    assertEquals("frank", check.subject());
    JWTClaimsSet claims = SignedJWT.parse(token).getJWTClaimsSet();
    // Plain group names, as the worker's directory names its groups (not "/finance").
    assertEquals(List.of("finance"), claims.getStringListClaim("groups"));
    assertFalse(realmRoles(claims).contains("overdue-admins"), claims.toString());
  }

  @Test
  void annIsAnAdministrator() throws Exception {
    String token = token("admin-ann");
    TokenCheck check = verifier.verify(token, Instant.now());
    assertTrue(check.isVerified(), check.refusal());
    assertEquals("admin-ann", check.subject());
    assertTrue(realmRoles(SignedJWT.parse(token).getJWTClaimsSet()).contains("overdue-admins"));
  }

  @Test
  void theInboxSignsFionaInWithPkceAndHerTokenIsVerified() throws Exception {
    String token = inboxSignIn("fiona");
    TokenCheck check = verifier.verify(token, Instant.now());
    assertTrue(check.isVerified(), check.refusal());
    assertEquals("fiona", check.subject());
    JWTClaimsSet claims = SignedJWT.parse(token).getJWTClaimsSet();
    assertEquals("overdue-inbox", claims.getStringClaim("azp"));
    assertEquals(List.of("finance"), claims.getStringListClaim("groups"));
  }

  @Test
  void theInboxRefusesASignInWithoutPkceOrToAnotherSite() throws Exception {
    HttpResponse<String> noPkce = send(HttpRequest.newBuilder(URI.create(issuer + "/protocol/openid-connect/auth?"
        + form(Map.of("client_id", "overdue-inbox", "response_type", "code", "scope", "openid",
            "redirect_uri", "http://127.0.0.1:5999/callback")))).build());
    assertEquals(302, noPkce.statusCode(), noPkce.body());
    assertTrue(noPkce.headers().firstValue("Location").orElse("").contains("error=invalid_request"), noPkce.headers().toString());
    HttpResponse<String> elsewhere = send(HttpRequest.newBuilder(URI.create(issuer + "/protocol/openid-connect/auth?"
        + form(Map.of("client_id", "overdue-inbox", "response_type", "code", "scope", "openid",
            "redirect_uri", "http://evil.example/callback", "code_challenge", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
            "code_challenge_method", "S256")))).build());
    assertEquals(400, elsewhere.statusCode(), "a redirect off this machine: " + elsewhere.headers());
  }

  @Test
  void aTokenForAnotherApplicationIsRefused() throws Exception {
    String token = token("alice", "--client", "other-app");
    assertFalse(SignedJWT.parse(token).getJWTClaimsSet().getAudience().contains("overdue-api"));
    TokenCheck check = verifier.verify(token, Instant.now());
    assertFalse(check.isVerified(), "a token of other-app was taken: " + check);
    assertTrue(check.refusal().contains("not for overdue-api (aud)"), check.refusal());
  }

  @Test
  void aTamperedTokenIsRefused() throws Exception {
    String token = token("bob");
    String[] parts = token.split("\\.");
    ObjectNode claims = (ObjectNode) JSON.readTree(Base64.getUrlDecoder().decode(parts[1]));
    claims.put("preferred_username", "carol");
    String forged = parts[0] + "." + Base64.getUrlEncoder().withoutPadding()
        .encodeToString(JSON.writeValueAsBytes(claims)) + "." + parts[2];
    TokenCheck check = verifier.verify(forged, Instant.now());
    assertFalse(check.isVerified(), "a token made to name carol was taken: " + check);
    assertTrue(check.refusal().contains("signature does not match"), check.refusal());
    // The untouched token still passes: the refusal was the change.
    assertEquals("bob", verifier.verify(token, Instant.now()).subject());
  }

  @Test
  void aTokenOfAnotherKeycloakRealmIsRefused() throws Exception {
    // The master realm's token (the admin console's administrator): signed by Keycloak, but
    // not by the trusted issuer.
    String body = "grant_type=password&client_id=admin-cli&username=admin&password=admin";
    HttpResponse<String> response = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/realms/master/protocol/openid-connect/token"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), response.body());
    String token = JSON.readTree(response.body()).path("access_token").asText();
    TokenCheck check = verifier.verify(token, Instant.now());
    assertFalse(check.isVerified(), check.toString());
    assertTrue(check.refusal().contains("is not trusted"), check.refusal());
  }

  @Test
  void aWrongPasswordGetsNoToken() throws Exception {
    Run run = run(1, "token", "alice", "--password", "not-her-password");
    assertNotEquals(0, run.exit(), run.all());
    assertEquals("", run.out(), "nothing on stdout");
    assertTrue(run.err().contains("Invalid user credentials"), run.all());
  }

  @Test
  void theExampleKeepsTheDirectoryOfTeamYaml() {
    assertEquals(
        WorkerSettings.load(ROOT.resolve("docs/examples/team.yaml")).directory(),
        WorkerSettings.load(EXAMPLE, name -> null).directory(),
        "docs/examples/keycloak.yaml's directory differs from team.yaml's");
  }

  // ---- helpers -------------------------------------------------------------------------------

  @SuppressWarnings("unchecked")
  private static List<String> realmRoles(JWTClaimsSet claims) {
    Object access = claims.getClaim("realm_access");
    return access instanceof Map<?, ?> map && map.get("roles") instanceof List<?> roles
        ? (List<String>) roles
        : List.of();
  }

  private static String token(String user, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("token", user));
    args.addAll(List.of(more));
    Run run = run(1, args.toArray(String[]::new));
    assertEquals(0, run.exit(), run.all());
    String token = run.out().strip();
    assertEquals(3, token.split("\\.").length, "a JWS on stdout, nothing else: " + run.all());
    return token;
  }

  /**
   * The inbox's sign-in as a browser does it: the authorization request with a PKCE challenge,
   * the login form, the redirect back with a code, the code exchanged with the verifier. Cookies
   * by hand: Keycloak marks them Secure, which browsers honour on http://127.0.0.1 and Java's
   * cookie handler does not.
   */
  private static String inboxSignIn(String user) throws Exception {
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    String verifier = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    String challenge = Base64.getUrlEncoder().withoutPadding().encodeToString(
        MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
    String redirect = "http://127.0.0.1:5999/callback";
    Map<String, String> cookies = new LinkedHashMap<>();
    HttpResponse<String> login = send(withCookies(HttpRequest.newBuilder(URI.create(issuer + "/protocol/openid-connect/auth?"
        + form(Map.of("client_id", "overdue-inbox", "response_type", "code", "scope", "openid", "state", "s1",
            "redirect_uri", redirect, "code_challenge", challenge, "code_challenge_method", "S256")))), cookies).build());
    assertEquals(200, login.statusCode(), login.body());
    keep(login, cookies);
    Matcher action = Pattern.compile("action=\"([^\"]+)\"").matcher(login.body());
    assertTrue(action.find(), "a login form: " + login.body());
    HttpResponse<String> signedIn = send(withCookies(HttpRequest.newBuilder(URI.create(action.group(1).replace("&amp;", "&"))), cookies)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(form(Map.of("username", user, "password", user + "-password")))).build());
    String back = signedIn.headers().firstValue("Location").orElse("");
    assertTrue(signedIn.statusCode() == 302 && back.startsWith(redirect + "?"), signedIn.statusCode() + " " + back + "\n" + signedIn.body());
    String code = null;
    for (String parameter : URI.create(back).getRawQuery().split("&")) {
      if (parameter.startsWith("code=")) {
        code = URLDecoder.decode(parameter.substring(5), StandardCharsets.UTF_8);
      }
    }
    assertTrue(code != null, back);
    HttpResponse<String> tokens = send(HttpRequest.newBuilder(URI.create(issuer + "/protocol/openid-connect/token"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(form(Map.of("grant_type", "authorization_code", "client_id", "overdue-inbox",
            "code", code, "redirect_uri", redirect, "code_verifier", verifier)))).build());
    assertEquals(200, tokens.statusCode(), tokens.body());
    return JSON.readTree(tokens.body()).path("access_token").asText();
  }

  private static HttpRequest.Builder withCookies(HttpRequest.Builder request, Map<String, String> cookies) {
    if (!cookies.isEmpty()) {
      request.header("Cookie", cookies.entrySet().stream().map(c -> c.getKey() + "=" + c.getValue()).collect(Collectors.joining("; ")));
    }
    return request;
  }

  private static void keep(HttpResponse<?> response, Map<String, String> cookies) {
    for (String cookie : response.headers().allValues("Set-Cookie")) {
      String pair = cookie.split(";", 2)[0];
      int equals = pair.indexOf('=');
      cookies.put(pair.substring(0, equals), pair.substring(equals + 1));
    }
  }

  private static String form(Map<String, String> fields) {
    return fields.entrySet().stream()
        .map(f -> URLEncoder.encode(f.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(f.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
  }

  /** No redirects followed: the test reads them. */
  private static HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
    return HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build()
        .send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode get(String url) throws IOException, InterruptedException {
    HttpResponse<String> response = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), url + ": " + response.body());
    return JSON.readTree(response.body());
  }


  private record Run(int exit, String out, String err) {
    String all() {
      return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  /** bin/keycloak with this test's own directory; stdout and stderr apart (a token is stdout only). */
  private static Run run(int minutes, String... args) throws IOException, InterruptedException {
    assertTrue(Files.isExecutable(SCRIPT), SCRIPT + " is not executable");
    List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
    command.addAll(List.of(args));
    Files.createDirectories(DIR);
    Path out = Files.createTempFile(DIR, "out", ".txt");
    Path err = Files.createTempFile(DIR, "err", ".txt");
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().put("OVERDUE_KEYCLOAK_DIR", DIR.toString());
    Process process = builder.start();
    if (!process.waitFor(minutes, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("bin/keycloak " + String.join(" ", args) + " took more than " + minutes
          + " minutes:\n" + Files.readString(err, StandardCharsets.UTF_8));
    }
    Run run = new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    Files.delete(out);
    Files.delete(err);
    return run;
  }
}
