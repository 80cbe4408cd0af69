package dev.overdue.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One of the project's Spring Boot jars (the task API, the inbox) as a process of the bench's own,
 * on free loopback ports, started and waited for until its /readyz answers 200.
 *
 * @param base where its pages or API answer, {@code http://127.0.0.1:PORT}
 * @param management where its actuator answers (/actuator/prometheus)
 */
record WebProcess(ChildProcess process, String base, String management) implements AutoCloseable {
  private static final Duration READY = Duration.ofSeconds(90);

  /** The API jar in development mode on {@code taskQueue}, unthrottled. */
  static WebProcess api(BenchRig.Options options, BenchRig rig, String taskQueue, String javaOpts, Progress progress,
      Runnable checkDeadline) throws Exception {
    Map<String, String> env = new LinkedHashMap<>(rig.cliEnv());
    env.put("OVERDUE_API_REQUESTS_PER_SECOND", "1000000");
    env.put("OVERDUE_API_TASK_QUEUE", taskQueue);
    return start("API", options.root().resolve("http-api/target/overdue-api.jar"), javaOpts, env, options, progress,
        checkDeadline);
  }

  /** {@code jar} with {@code env} plus SERVER_PORT and MANAGEMENT_SERVER_PORT; its output in runDir/NAME.log. */
  static WebProcess start(String name, Path jar, String javaOpts, Map<String, String> env, BenchRig.Options options,
      Progress progress, Runnable checkDeadline) throws Exception {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(jar + " is missing: build with mvn -B -DskipTests -pl bench -am package");
    }
    int port = ChildProcess.freePort();
    int managementPort = ChildProcess.freePort();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(ScaleBench.splitOptions(javaOpts));
    command.addAll(List.of("-jar", jar.toString()));
    Map<String, String> all = new LinkedHashMap<>(env);
    all.put("SERVER_PORT", Integer.toString(port));
    all.put("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
    progress.say("starting the " + name + ": " + String.join(" ", command) + " (SERVER_PORT=" + port + ")");
    ChildProcess process = ChildProcess.start(name, command, options.root(), all,
        options.runDir().resolve(name.toLowerCase(java.util.Locale.ROOT) + ".log"));
    WebProcess web = new WebProcess(process, "http://127.0.0.1:" + port, "http://127.0.0.1:" + managementPort);
    try {
      web.awaitReady(checkDeadline);
      return web;
    } catch (Exception | Error e) {
      process.close();
      throw e;
    }
  }

  private void awaitReady(Runnable checkDeadline) throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    long giveUp = System.nanoTime() + READY.toNanos();
    while (true) {
      checkDeadline.run();
      if (!process.isAlive()) {
        throw new IllegalStateException("the " + process.name + " exited:\n" + process.logTail(40));
      }
      try {
        HttpResponse<String> ready = http.send(HttpRequest.newBuilder(URI.create(base + "/readyz")).GET().build(),
            HttpResponse.BodyHandlers.ofString());
        if (ready.statusCode() == 200) {
          return;
        }
      } catch (java.io.IOException notYet) {
        // still starting
      }
      if (System.nanoTime() > giveUp) {
        throw new IllegalStateException(
            "the " + process.name + " was not ready within " + READY.toSeconds() + " s:\n" + process.logTail(40));
      }
      Thread.sleep(250);
    }
  }

  @Override
  public void close() {
    process.close();
  }
}
