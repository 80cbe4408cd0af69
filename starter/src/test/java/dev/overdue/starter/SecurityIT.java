package dev.overdue.starter;

import static dev.overdue.starter.Processes.ok;
import static dev.overdue.starter.Processes.overdue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.util.JsonFormat;
import dev.overdue.starter.Processes.Result;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.history.v1.History;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.api.workflowservice.v1.GetWorkflowExecutionHistoryRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The worker jar and the starter against an endpoint that requires TLS: a dev server behind nginx
 * (see {@link NginxProxy}) with certificates made by openssl for this run ({@link Certificates}).
 * Both connect with TLS and the server CA, with mutual TLS from a TOML profile, and with an API
 * key; both fail at once, with the reason and the setting that fixes it, without a client
 * certificate, with an untrusted one, with a wrong or no API key, without the CA, and in plaintext.
 * Then payload encryption: approval data is absent from the server's history and readable with the
 * key, and the codec server decodes it for the Temporal CLI and the Web UI. Neither the API key
 * nor the encryption key ever reaches a log, an output or the history.
 *
 * <p>Skipped when nginx is missing ({@code apt-get install nginx-light}), unless CI is set.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SecurityIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  /** Fresh per run, so that finding one anywhere can only mean this run leaked it. */
  static final String API_KEY = "ovd-test-api-key-" + HexFormat.of().formatHex(randomBytes(12));

  static final String CODEC_KEY = Base64.getEncoder().encodeToString(randomBytes(32));

  /** The codec server's port, chosen first: the dev server's Web UI is started pointing at it. */
  static final int CODEC_PORT = FreePorts.free();

  static final Path LOGS = Processes.logsOf("SecurityIT");

  @RegisterExtension
  @Order(1)
  static final BeforeAllCallback NGINX_PRESENT =
      context -> {
        String ci = System.getenv("CI");
        assumeTrue(
            NginxProxy.installed() || (ci != null && !ci.isBlank()),
            NginxProxy.NGINX + " is missing (apt-get install nginx-light); skipped outside CI");
      };

  @RegisterExtension
  @Order(2)
  static final DevServerExtension temporal =
      DevServerExtension.serverOnly(
          DevServer.Options.withUi().withArgs("--ui-codec-endpoint", "http://127.0.0.1:" + CODEC_PORT));

  static Certificates certs;
  static NginxProxy proxy;

  /** Every output of every process this class ran, for the final grep for secrets. */
  static final List<String> outputs = new ArrayList<>();

  @BeforeAll
  static void startProxy() throws Exception {
    long started = System.nanoTime();
    certs = Certificates.generate(LOGS.resolve("certs"));
    proxy = NginxProxy.start(LOGS, temporal.server().port, certs, API_KEY);
    System.out.printf(
        "SecurityIT: certificates and nginx ready in %d ms (TLS %d, mTLS %d, API key %d -> dev server %d)%n",
        (System.nanoTime() - started) / 1_000_000, proxy.tlsPort, proxy.mtlsPort, proxy.apiKeyPort,
        temporal.server().port);
  }

  @AfterAll
  static void stopProxyAndGrepEveryLogForTheKeys() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    // Worker, codec server, nginx and dev server logs of this class (nginx.conf holds the API key
    // by design: it is the server side of the check).
    List<Path> logs;
    try (var files = Files.walk(LOGS)) {
      logs = files.filter(f -> f.toString().endsWith(".log") || f.toString().endsWith(".out")).toList();
    }
    for (Path log : logs) {
      String text = Files.readString(log, StandardCharsets.ISO_8859_1);
      assertFalse(text.contains(API_KEY), "the API key is in " + log);
      assertFalse(text.contains(CODEC_KEY), "the encryption key is in " + log);
    }
    System.out.println("SecurityIT: neither key in " + logs.size() + " log files under " + LOGS);
  }

  // ---- connections that work -------------------------------------------------------------------

  /** TLS with the server CA, from the environment. */
  static Map<String, String> tlsEnv() {
    return Map.of(
        "TEMPORAL_ADDRESS", proxy.address(proxy.tlsPort),
        "TEMPORAL_TLS", "true",
        "TEMPORAL_TLS_SERVER_CA_CERT_PATH", certs.caCert().toString());
  }

  /** Mutual TLS from a profile of a TOML client config file, as the Temporal CLI reads it too. */
  static Map<String, String> mtlsProfileEnv() throws Exception {
    Path file = LOGS.resolve("temporal.toml");
    Files.writeString(
        file,
        """
        [profile.overdue-mtls]
        address = "%s"
        namespace = "default"

        [profile.overdue-mtls.tls]
        client_cert_path = "%s"
        client_key_path = "%s"
        server_ca_cert_path = "%s"
        """
            .formatted(
                proxy.address(proxy.mtlsPort), certs.clientCert(), certs.clientKey(), certs.caCert()));
    return Map.of("TEMPORAL_CONFIG_FILE", file.toString(), "TEMPORAL_PROFILE", "overdue-mtls");
  }

  /** An API key (TLS is implied by it; the test CA is named because it is not a public one). */
  static Map<String, String> apiKeyEnv() {
    return Map.of(
        "TEMPORAL_ADDRESS", proxy.address(proxy.apiKeyPort),
        "TEMPORAL_API_KEY", API_KEY,
        "TEMPORAL_TLS_SERVER_CA_CERT_PATH", certs.caCert().toString());
  }

  @Test
  void workerAndStarterConnectWithTlsAndTheServerCa() throws Exception {
    Map<String, String> env = on(tlsEnv(), "sec-tls");
    try (WorkerProcess worker = WorkerProcess.start(LOGS.resolve("worker-tls.log"), workerEnv(env))) {
      approvalRoundTrip(env, "SEC-TLS-1");
      assertTrue(worker.log().contains("at " + proxy.address(proxy.tlsPort)), worker.log());
      outputs.add(worker.log());
    }
    assertTrue(proxy.accessLog().contains("/temporal.api.workflowservice.v1.WorkflowService/PollWorkflowTaskQueue"),
        "the worker polled through the proxy:\n" + proxy.accessLog());
  }

  @Test
  void workerStarterAndTemporalCliConnectWithMutualTlsFromATomlProfile() throws Exception {
    Map<String, String> env = on(mtlsProfileEnv(), "sec-mtls");
    try (WorkerProcess worker = WorkerProcess.start(LOGS.resolve("worker-mtls.log"), workerEnv(env))) {
      approvalRoundTrip(env, "SEC-MTLS-1");
      outputs.add(worker.log());
    }
    // The same profile serves the Temporal CLI.
    Result described =
        ok(Processes.run(
            List.of(DevServer.cli().toString(), "workflow", "describe", "-w", "approval-SEC-MTLS-1"),
            env, Processes.DEFAULT_TIMEOUT));
    assertTrue(described.out().contains("sec-mtls"), described.toString());
  }

  /** This worker logs JSON (the others text): the key stays out of both formats. */
  @Test
  void workerAndStarterConnectWithAnApiKeyThatNeverShows() throws Exception {
    Map<String, String> env = on(apiKeyEnv(), "sec-apikey");
    Map<String, String> jsonLogs = with(workerEnv(env), "OVERDUE_LOG_FORMAT", "json");
    try (WorkerProcess worker = WorkerProcess.start(LOGS.resolve("worker-apikey.log"), jsonLogs)) {
      approvalRoundTrip(env, "SEC-KEY-1");
      outputs.add(worker.log());
      assertFalse(worker.log().contains(API_KEY), "the API key is in the worker's log");
      List<JsonNode> lines = JsonLog.lines(worker.log());
      JsonLog.line(lines, "Overdue worker polling");
    }
    byte[] history = rawHistory("approval-SEC-KEY-1");
    assertFalse(contains(history, API_KEY), "the API key is in the history");
  }

  /** Start an approval, claim its step (an Update: the worker must answer it), read its status. */
  private static void approvalRoundTrip(Map<String, String> env, String requestId) throws Exception {
    record(ok(overdue(env, "start", "--request-id", requestId, "--title", "Laptop for " + requestId,
        "--requester", "carol", "--timeout", "P5D", "--step", "manager=alice,bob")));
    record(ok(overdue(env, "claim", requestId, "--user", "alice")));
    Result status = record(ok(overdue(env, "status", requestId)));
    assertTrue(status.out().contains("Laptop for " + requestId), status.toString());
    assertTrue(status.out().contains("RESERVED"), status.toString());
  }

  // ---- connections that must fail, at once and saying why ---------------------------------------

  enum Refusal {
    MTLS_WITHOUT_CLIENT_CERTIFICATE(true, "client certificate required", "TEMPORAL_TLS_CLIENT_CERT_PATH") {
      Map<String, String> env() {
        return Map.of(
            "TEMPORAL_ADDRESS", proxy.address(proxy.mtlsPort),
            "TEMPORAL_TLS_SERVER_CA_CERT_PATH", certs.caCert().toString());
      }
    },
    /**
     * The server names the CAs it trusts in its certificate request (nginx's ssl_client_certificate,
     * as Temporal's own TLS does), so the client offers no certificate from another CA at all.
     */
    MTLS_WITH_A_CERTIFICATE_OF_ANOTHER_CA(false, "client certificate required", "TEMPORAL_TLS_CLIENT_CERT_PATH") {
      Map<String, String> env() {
        return Map.of(
            "TEMPORAL_ADDRESS", proxy.address(proxy.mtlsPort),
            "TEMPORAL_TLS_SERVER_CA_CERT_PATH", certs.caCert().toString(),
            "TEMPORAL_TLS_CLIENT_CERT_PATH", certs.rogueClientCert().toString(),
            "TEMPORAL_TLS_CLIENT_KEY_PATH", certs.rogueClientKey().toString());
      }
    },
    WRONG_API_KEY(true, "missing or invalid API key", "TEMPORAL_API_KEY") {
      Map<String, String> env() {
        return Map.of(
            "TEMPORAL_ADDRESS", proxy.address(proxy.apiKeyPort),
            "TEMPORAL_API_KEY", "ovd-test-wrong-" + API_KEY.substring(API_KEY.length() - 6),
            "TEMPORAL_TLS_SERVER_CA_CERT_PATH", certs.caCert().toString());
      }
    },
    NO_API_KEY(false, "missing or invalid API key", "TEMPORAL_API_KEY") {
      Map<String, String> env() {
        return Map.of(
            "TEMPORAL_ADDRESS", proxy.address(proxy.apiKeyPort),
            "TEMPORAL_TLS_SERVER_CA_CERT_PATH", certs.caCert().toString());
      }
    },
    TLS_WITHOUT_THE_SERVER_CA(true, "not signed by a CA this client trusts", "TEMPORAL_TLS_SERVER_CA_CERT_PATH") {
      Map<String, String> env() {
        return Map.of("TEMPORAL_ADDRESS", proxy.address(proxy.tlsPort), "TEMPORAL_TLS", "true");
      }
    },
    PLAINTEXT_TO_A_TLS_PORT(false, "the server expects TLS", "TEMPORAL_TLS=true") {
      Map<String, String> env() {
        return Map.of("TEMPORAL_ADDRESS", proxy.address(proxy.tlsPort));
      }
    };

    /** Also run the worker (each case costs a JVM start; the starter runs every case). */
    final boolean worker;
    final String reason;
    final String fix;

    Refusal(boolean worker, String reason, String fix) {
      this.worker = worker;
      this.reason = reason;
      this.fix = fix;
    }

    abstract Map<String, String> env();
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Refusal.class)
  void badCredentialsFailAtOnceWithTheReason(Refusal refusal) throws Exception {
    Map<String, String> env = on(refusal.env(), "sec-refused");
    String address = env.get("TEMPORAL_ADDRESS");

    long started = System.nanoTime();
    Result cli = record(overdue(env, "list"));
    long cliMillis = (System.nanoTime() - started) / 1_000_000;
    assertEquals(ExitCodes.UNAVAILABLE, cli.exit(), cli.toString());
    assertTrue(cli.err().startsWith("cannot use Temporal at " + address + " (namespace default): "), cli.toString());
    assertTrue(cli.err().contains(refusal.reason), cli.toString());
    assertTrue(cli.err().contains(refusal.fix), cli.toString());
    assertFalse(cli.err().contains("Channel Pipeline"), cli.toString());
    assertEquals(1, cli.err().strip().lines().count(), cli.toString());

    long workerMillis = -1;
    if (refusal.worker) {
      started = System.nanoTime();
      Result worker =
          record(Processes.run(
              List.of(Processes.java(), "-jar", Processes.WORKER_JAR.toString()),
              workerEnv(env), Duration.ofSeconds(90)));
      workerMillis = (System.nanoTime() - started) / 1_000_000;
      String log = worker.out() + worker.err();
      assertEquals(2, worker.exit(), worker.toString());
      assertTrue(log.contains("ERROR OverdueWorker - Cannot start: cannot use Temporal at " + address), worker.toString());
      assertTrue(log.contains(refusal.reason), worker.toString());
      assertTrue(log.contains(refusal.fix), worker.toString());
      assertFalse(log.contains("Overdue worker polling"), worker.toString());
      assertFalse(log.contains("\tat "), "no stack trace:\n" + worker);
    }
    System.out.printf(
        "SecurityIT: %s: starter exit %d after %d ms; worker %s%n",
        refusal, cli.exit(), cliMillis, workerMillis < 0 ? "not run" : "exit 2 after " + workerMillis + " ms");
  }

  // ---- payload encryption ---------------------------------------------------------------------

  @Test
  void encryptedApprovalDataIsAbsentFromTheHistoryAndReadableWithTheKey() throws Exception {
    String run = HexFormat.of().formatHex(randomBytes(4));
    String title = "Nightingale-title-" + run;
    String data = "Nightingale-data-" + run;
    String comment = "Nightingale-comment-" + run;
    String requestId = "SEC-ENC-" + run;
    Map<String, String> plain = on(temporal.server().env(), "sec-codec");
    Map<String, String> keyed = with(plain, "OVERDUE_CODEC_KEY", CODEC_KEY);
    Path request =
        Files.writeString(
            LOGS.resolve(requestId + ".json"),
            JSON.writeValueAsString(
                Map.of(
                    "requestId", requestId, "title", title, "requester", "carol",
                    "data", Map.of("project", data, "amount", 12000),
                    "timeout", "P5D",
                    "steps", List.of(Map.of("name", "manager", "approvers", List.of("alice", "bob"))))));

    try (WorkerProcess worker = WorkerProcess.start(LOGS.resolve("worker-codec.log"), workerEnv(keyed))) {
      assertTrue(worker.log().contains("payload encryption on: AES-256-GCM with key sha256:"), worker.log());
      record(ok(overdue(keyed, "start", "--file", request.toString())));
      record(ok(overdue(keyed, "approve", requestId, "--user", "alice", "--comment", comment)));

      // With the key: everything reads as before.
      Result status = record(ok(overdue(keyed, "status", requestId)));
      assertTrue(status.out().contains(title), status.toString());
      Result result = record(ok(overdue(keyed, "result", requestId)));
      assertTrue(result.out().contains(comment), result.toString());

      // Without it: a clear refusal naming the key, not garbage.
      Result withoutKey = record(overdue(plain, "status", requestId));
      assertEquals(ExitCodes.UNAVAILABLE, withoutKey.exit(), withoutKey.toString());
      assertTrue(
          withoutKey.err().contains("is encrypted with key sha256:")
              && withoutKey.err().contains("no key is configured: set OVERDUE_CODEC_KEY"),
          withoutKey.toString());

      // Control: an approval started by a client without the key has its input in clear, and
      // the same scan finds it there.
      String control = "Nightingale-control-" + run;
      record(ok(overdue(plain, "start", "--request-id", requestId + "-PLAIN", "--title", control,
          "--requester", "carol", "--timeout", "P5D", "--step", "manager=alice")));
      assertTrue(contains(rawHistory("approval-" + requestId + "-PLAIN"), control),
          "the scan finds unencrypted input");
      outputs.add(worker.log());
    }

    // The server's history, read raw (no codec): none of the data, in any encoding.
    byte[] history = rawHistory("approval-" + requestId);
    byte[] described = rawDescription("approval-" + requestId);
    for (String secret : List.of(title, data, comment, CODEC_KEY)) {
      assertFalse(contains(history, secret), secret + " is in the raw history");
      assertFalse(contains(described, secret), secret + " is in the raw description");
    }
    assertTrue(contains(history, "binary/encrypted"), "payloads are encrypted");

    // The codec server decodes it for the Temporal CLI and the Web UI.
    try (CodecServerProcess codec = CodecServerProcess.start(keyed, temporal.server().uiUrl())) {
      Result raw = ok(temporal.server().temporal("workflow", "show", "-w", "approval-" + requestId, "-o", "json"));
      assertFalse(decodedPayloadData(raw.out()).contains(data), "the CLI without the codec sees no data");
      Result decoded =
          ok(temporal.server().temporal(
              "workflow", "show", "-w", "approval-" + requestId, "-o", "json", "--codec-endpoint", codec.url));
      String clear = decodedPayloadData(decoded.out());
      assertTrue(clear.contains(data) && clear.contains(title) && clear.contains(comment), clear);

      webUiCanDecodeThroughTheCodecServer(codec, requestId, data);
      if (codec.port == CODEC_PORT) {
        theWebUiPageShowsTheDecodedInput(requestId, title);
      }
      outputs.add(codec.log());
    }
    for (String output : outputs) {
      assertFalse(output.contains(CODEC_KEY), "the encryption key is in an output:\n" + output);
    }
  }

  /** What the UI does: read its settings, preflight from its origin, POST /decode. */
  private static void webUiCanDecodeThroughTheCodecServer(CodecServerProcess codec, String requestId, String data)
      throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    String ui = temporal.server().uiUrl();
    JsonNode settings =
        JSON.readTree(
            http.send(
                    HttpRequest.newBuilder(URI.create(ui + "/api/v1/settings")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString())
                .body());
    assertEquals("http://127.0.0.1:" + CODEC_PORT, settings.path("Codec").path("Endpoint").asText(), settings.toString());
    if (codec.port != CODEC_PORT) {
      System.out.println("SecurityIT: codec port " + CODEC_PORT + " was taken; the UI check used port " + codec.port);
    }

    HttpResponse<String> preflight =
        http.send(
            HttpRequest.newBuilder(URI.create(codec.url + "/decode"))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", ui)
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "content-type,x-namespace")
                .timeout(Duration.ofSeconds(10))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(204, preflight.statusCode());
    assertEquals(ui, preflight.headers().firstValue("Access-Control-Allow-Origin").orElse(null));

    Payloads input = startInput("approval-" + requestId);
    HttpResponse<String> decoded =
        http.send(
            HttpRequest.newBuilder(URI.create(codec.url + "/decode"))
                .POST(HttpRequest.BodyPublishers.ofString(JsonFormat.printer().print(input)))
                .header("Content-Type", "application/json")
                .header("X-Namespace", "default")
                .header("Origin", ui)
                .timeout(Duration.ofSeconds(10))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, decoded.statusCode(), decoded.body());
    assertEquals(ui, decoded.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
    assertTrue(decodedPayloadData(decoded.body()).contains(data), decoded.body());
  }

  /**
   * The real Web UI in headless Chromium (as WebUiIT runs it): the approval's input, decoded by
   * the codec server the UI calls from the browser. Skipped without Chromium, unless CI is set.
   */
  private static void theWebUiPageShowsTheDecodedInput(String requestId, String title) throws Exception {
    Path chromium = Path.of("/usr/bin/chromium");
    Path chromedriver = Path.of("/usr/bin/chromedriver");
    String ci = System.getenv("CI");
    if (!Files.isExecutable(chromium) || !Files.isExecutable(chromedriver)) {
      assertTrue(ci == null || ci.isBlank(), chromium + " or " + chromedriver + " missing under CI");
      System.out.println("SecurityIT: no Chromium; the Web UI page check was skipped");
      return;
    }
    ChromeOptions options = new ChromeOptions();
    options.setBinary(chromium.toFile());
    options.addArguments(
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", "--user-data-dir=" + LOGS.resolve("chromium-profile"),
        "--window-size=1400,1100");
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(chromedriver.toFile())
            .usingAnyFreePort()
            .withLogFile(LOGS.resolve("chromedriver.log").toFile())
            .build();
    WebDriver browser = new ChromeDriver(service, options);
    try {
      browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
      browser.get(temporal.server().uiUrl() + "/namespaces/default/workflows/approval-" + requestId);
      try {
        new WebDriverWait(browser, Duration.ofSeconds(60))
            .until(d -> d.findElement(By.tagName("body")).getText().contains(title));
      } finally {
        Files.write(LOGS.resolve("web-ui-decoded.png"), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
      }
    } finally {
      browser.quit();
    }
  }

  /** {@code overdue codec-server} as a process. */
  static final class CodecServerProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("codec server listening on (http://[0-9.]+:(\\d+))");
    final Process process;
    final Path log;
    final String url;
    final int port;

    private CodecServerProcess(Process process, Path log, String url, int port) {
      this.process = process;
      this.log = log;
      this.url = url;
      this.port = port;
    }

    /** On {@link #CODEC_PORT}, the UI's endpoint; on any free port if another process took it. */
    static CodecServerProcess start(Map<String, String> env, String uiOrigin) throws Exception {
      CodecServerProcess server = start(env, uiOrigin, CODEC_PORT, "codec-server.log");
      return server != null ? server : start(env, uiOrigin, 0, "codec-server-2.log");
    }

    private static CodecServerProcess start(Map<String, String> env, String uiOrigin, int port, String logName)
        throws Exception {
      Path log = LOGS.resolve(logName);
      ProcessBuilder builder =
          new ProcessBuilder(
                  Processes.java(), "-jar", Processes.STARTER_JAR.toString(), "codec-server",
                  "--port", Integer.toString(port), "--origin", uiOrigin)
              .directory(Processes.ROOT.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile());
      Processes.cleanEnvironment(builder, env);
      Process process = builder.start();
      long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (System.nanoTime() < giveUp) {
        Matcher listening = LISTENING.matcher(Files.readString(log));
        if (listening.find()) {
          return new CodecServerProcess(process, log, listening.group(1), Integer.parseInt(listening.group(2)));
        }
        if (!process.isAlive()) {
          String text = Files.readString(log);
          assertTrue(port != 0 && text.contains("cannot listen"), "codec-server exited:\n" + text);
          return null;
        }
        Thread.sleep(100);
      }
      process.destroyForcibly();
      throw new AssertionError("codec-server did not listen within 60 s:\n" + Files.readString(log));
    }

    String log() throws Exception {
      return Files.readString(log);
    }

    @Override
    public void close() throws InterruptedException {
      if (process.isAlive()) {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      }
    }
  }

  // ---- helpers ----------------------------------------------------------------------------------

  /** The history as the server stores and serves it, without any codec. */
  private static byte[] rawHistory(String workflowId) {
    return withStubs(stubs -> {
      History history =
          stubs.blockingStub()
              .withDeadlineAfter(30, TimeUnit.SECONDS)
              .getWorkflowExecutionHistory(
                  GetWorkflowExecutionHistoryRequest.newBuilder()
                      .setNamespace("default")
                      .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId))
                      .build())
              .getHistory();
      assertTrue(history.getEventsCount() > 0, workflowId);
      return history.toByteArray();
    });
  }

  /** The execution's description: search attributes, memo, user metadata. */
  private static byte[] rawDescription(String workflowId) {
    return withStubs(stubs ->
        stubs.blockingStub()
            .withDeadlineAfter(30, TimeUnit.SECONDS)
            .describeWorkflowExecution(
                DescribeWorkflowExecutionRequest.newBuilder()
                    .setNamespace("default")
                    .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId))
                    .build())
            .toByteArray());
  }

  private static Payloads startInput(String workflowId) throws Exception {
    return History.parseFrom(rawHistory(workflowId))
        .getEvents(0)
        .getWorkflowExecutionStartedEventAttributes()
        .getInput();
  }

  private static <T> T withStubs(java.util.function.Function<WorkflowServiceStubs, T> call) {
    WorkflowServiceStubs stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder().setTarget(temporal.server().address()).build());
    try {
      return call.apply(stubs);
    } finally {
      stubs.shutdownNow();
    }
  }

  /** Whether the UTF-8 bytes of {@code text} occur in {@code bytes} (protobuf keeps payload bytes as they are). */
  static boolean contains(byte[] bytes, String text) {
    String latin1 = new String(bytes, StandardCharsets.ISO_8859_1);
    return latin1.contains(new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
  }

  /** Every "data" field of a JSON document, base64-decoded, concatenated (Temporal's JSON shows payload bytes as base64). */
  static String decodedPayloadData(String json) throws Exception {
    StringBuilder text = new StringBuilder();
    collectData(JSON.readTree(json), text);
    return text.toString();
  }

  private static void collectData(JsonNode node, StringBuilder text) {
    if (node.isObject()) {
      node.fields().forEachRemaining(field -> {
        if (field.getKey().equals("data") && field.getValue().isTextual()) {
          try {
            text.append(new String(Base64.getDecoder().decode(field.getValue().asText()), StandardCharsets.UTF_8)).append('\n');
          } catch (IllegalArgumentException notBase64) {
            text.append(field.getValue().asText()).append('\n');
          }
        } else {
          collectData(field.getValue(), text);
        }
      });
    } else if (node.isArray()) {
      node.forEach(element -> collectData(element, text));
    }
  }

  private static Map<String, String> on(Map<String, String> connection, String taskQueue) {
    return with(connection, "OVERDUE_TASK_QUEUE", taskQueue);
  }

  private static Map<String, String> workerEnv(Map<String, String> env) {
    Map<String, String> all = new HashMap<>(env);
    all.put("OVERDUE_METRICS_PORT", "0");
    all.put("OVERDUE_DELIVERY_STORE", "memory");
    return all;
  }

  private static Map<String, String> with(Map<String, String> env, String name, String value) {
    Map<String, String> all = new HashMap<>(env);
    all.put(name, value);
    return Map.copyOf(all);
  }

  private static Result record(Result result) {
    synchronized (outputs) {
      outputs.add(result.out());
      outputs.add(result.err());
    }
    for (String secret : List.of(API_KEY, CODEC_KEY)) {
      assertFalse(result.out().contains(secret) || result.err().contains(secret), "a key is in an output:\n" + result);
    }
    return result;
  }


  private static byte[] randomBytes(int n) {
    byte[] bytes = new byte[n];
    RANDOM.nextBytes(bytes);
    return bytes;
  }

}
