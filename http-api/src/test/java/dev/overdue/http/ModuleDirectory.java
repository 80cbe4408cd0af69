package dev.overdue.http;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where http-api's own files are: failsafe runs in http-api/, an IDE may run in the repository root. */
final class ModuleDirectory {
  private ModuleDirectory() {}

  static final Path HTTP_API =
      Files.isDirectory(Path.of("src", "test", "python")) ? Path.of("").toAbsolutePath() : Path.of("http-api").toAbsolutePath();
}
