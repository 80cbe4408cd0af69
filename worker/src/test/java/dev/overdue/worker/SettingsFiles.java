package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.worker.WorkerSettings.InvalidSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/** Settings files written into a test's folder, loaded or refused as the worker would. */
final class SettingsFiles {
  static final Function<String, String> NO_ENVIRONMENT = name -> null;

  private final Path dir;

  SettingsFiles(Path dir) {
    this.dir = dir;
  }

  Path write(String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  WorkerSettings load(String yaml) throws IOException {
    return load("worker.yaml", yaml, NO_ENVIRONMENT);
  }

  WorkerSettings load(String name, String text, Function<String, String> environment) throws IOException {
    return WorkerSettings.load(write(name, text), environment);
  }

  /** Why {@code yaml} is refused. */
  String failure(String yaml) throws IOException {
    return failure(write("worker.yaml", yaml), NO_ENVIRONMENT);
  }

  static String failure(Path file, Function<String, String> environment) {
    return assertThrows(InvalidSettings.class, () -> WorkerSettings.load(file, environment)).getMessage();
  }

  static void assertContains(String expected, String actual) {
    assertTrue(actual.contains(expected), () -> "expected <" + expected + "> in <" + actual + ">");
  }

  /** {@code yaml} is refused with {@code expected} in the message, in the settings' words, not Java's. */
  void assertExplained(String yaml, String expected) throws IOException {
    String message = failure(yaml);
    assertContains(expected, message);
    assertFalse(
        message.contains("com.fasterxml") || message.contains("dev.overdue") || message.contains("java.lang"),
        message);
  }
}
