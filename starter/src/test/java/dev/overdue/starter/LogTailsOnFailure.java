package dev.overdue.starter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * When an end-to-end test fails, prints the tail of every log its processes wrote (the worker's,
 * the dev server's, the cluster's, PostgreSQL's…) so that CI's output alone tells what happened:
 * the files under {@code target/it-logs/<TestClass>*} written since the test (or, for a failure
 * before any test ran, the class) began, newest first. Registered for every IT by JUnit's
 * extension autodetection (failsafe's configuration and {@code META-INF/services}).
 */
public final class LogTailsOnFailure
    implements BeforeAllCallback, BeforeEachCallback, AfterTestExecutionCallback, AfterEachCallback,
        AfterAllCallback {
  static final int LINES = 60;
  static final int FILES = 8;
  static final int LINE_WIDTH = 500;
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(LogTailsOnFailure.class);

  @Override
  public void beforeAll(ExtensionContext context) {
    context.getStore(NAMESPACE).put("since", began());
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    context.getStore(NAMESPACE).put("since", began());
  }

  /** Right after the test method, before fixtures stop the processes and add their shutdown to the logs. */
  @Override
  public void afterTestExecution(ExtensionContext context) {
    report(context);
  }

  /** A failure in a {@code beforeEach} (a server that did not start) skips the callback above. */
  @Override
  public void afterEach(ExtensionContext context) {
    report(context);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    report(context);
  }

  /** Now, less a second: a file's modification time may lag the clock by the kernel's tick. */
  private static FileTime began() {
    return FileTime.fromMillis(System.currentTimeMillis() - 1_000);
  }

  private static void report(ExtensionContext context) {
    ExtensionContext.Store store = context.getStore(NAMESPACE);
    if (context.getExecutionException().isEmpty() || store.get("reported") != null) {
      return;
    }
    store.put("reported", true);
    FileTime since = store.get("since", FileTime.class);
    String test = context.getRequiredTestClass().getSimpleName();
    System.out.println(tails(Processes.IT_LOGS, test, since, context.getDisplayName()));
  }

  /** The report: the tail of each log of {@code test} written since {@code since}, newest first. */
  static String tails(Path root, String test, FileTime since, String failed) {
    List<Path> logs = logsOf(root, test, since);
    StringBuilder out = new StringBuilder();
    out.append("\n===== ").append(test).append(" › ").append(failed).append(" failed: ");
    if (logs.isEmpty()) {
      return out.append("no log under ").append(root).append('/').append(test).append("* was written during it\n").toString();
    }
    out.append("the last ").append(LINES).append(" lines of the logs it kept (").append(root).append(")\n");
    for (Path log : logs) {
      out.append("----- ").append(root.relativize(log)).append('\n');
      for (String line : tail(log, LINES)) {
        out.append(line.length() > LINE_WIDTH ? line.substring(0, LINE_WIDTH) + " …" : line).append('\n');
      }
    }
    return out.append("===== end of ").append(test).append("'s logs\n").toString();
  }

  /** The {@code .log} files of directories named after {@code test}, written since {@code since}. */
  static List<Path> logsOf(Path root, String test, FileTime since) {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> dirs = Files.list(root)) {
      return dirs.filter(dir -> Files.isDirectory(dir) && dir.getFileName().toString().startsWith(test))
          .flatMap(LogTailsOnFailure::walk)
          .filter(file -> file.getFileName().toString().endsWith(".log") && writtenSince(file, since) && isText(file))
          .sorted(Comparator.comparing(LogTailsOnFailure::modified).reversed())
          .limit(FILES)
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Stream<Path> walk(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).toList().stream();
    } catch (IOException e) {
      return Stream.empty(); // a process still writing may remove a file while we look
    }
  }

  /** A browser profile's LevelDB files end in .log too, and are binary: no NUL in the last 4 KiB. */
  static boolean isText(Path file) {
    try (SeekableByteChannel channel = Files.newByteChannel(file)) {
      ByteBuffer end = ByteBuffer.allocate((int) Math.min(channel.size(), 4096));
      channel.position(channel.size() - end.capacity());
      channel.read(end);
      for (int i = 0; i < end.position(); i++) {
        if (end.get(i) == 0) {
          return false;
        }
      }
      return true;
    } catch (IOException unreadable) {
      return false;
    }
  }

  private static boolean writtenSince(Path file, FileTime since) {
    return since == null || modified(file).compareTo(since) >= 0;
  }

  private static FileTime modified(Path file) {
    try {
      return Files.getLastModifiedTime(file);
    } catch (IOException gone) {
      return FileTime.fromMillis(0);
    }
  }

  /**
   * The last {@code count} lines, from at most the file's last {@code count * LINE_WIDTH} bytes
   * (a cluster's log may be large), read as UTF-8 with bad bytes replaced.
   */
  static List<String> tail(Path file, int count) {
    try (SeekableByteChannel channel = Files.newByteChannel(file)) {
      long size = channel.size();
      ByteBuffer end = ByteBuffer.allocate((int) Math.min(size, (long) count * LINE_WIDTH));
      channel.position(size - end.capacity());
      while (end.hasRemaining() && channel.read(end) > 0) {
        // read on: a channel may return fewer bytes than asked
      }
      List<String> lines = new String(end.array(), 0, end.position(), StandardCharsets.UTF_8).lines().toList();
      // The first line is cut unless the file is read whole.
      int from = Math.max(end.capacity() < size ? 1 : 0, lines.size() - count);
      return lines.subList(Math.min(from, lines.size()), lines.size());
    } catch (IOException e) {
      return List.of("(could not read: " + e + ")");
    }
  }
}
