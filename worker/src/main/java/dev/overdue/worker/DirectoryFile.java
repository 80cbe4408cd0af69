package dev.overdue.worker;

import dev.overdue.activities.settings.Directory;
import dev.overdue.workflow.WorkerDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The directory of a settings file that names a file of its own ({@code directory: team.yaml}),
 * read again when its modification time changes, as a JWKS file is: who is in a group and who is
 * away reach the next lookup and delivery without a restart. Lookups are activities, recorded in
 * each approval's history, so replays agree whatever the file says later. A new version that does
 * not read or check keeps the one read last, with an error in the log.
 */
final class DirectoryFile implements Supplier<Directory> {
  private static final Logger log = LoggerFactory.getLogger(DirectoryFile.class);
  private final Path file;
  private final Set<String> webhooks;
  private final Function<String, String> environment;
  private Directory directory;
  private FileTime read;

  /** {@code loaded}: the directory as the worker's start read it from {@code file}. */
  DirectoryFile(Path file, Directory loaded, Set<String> webhooks, Function<String, String> environment) {
    this.file = file;
    this.webhooks = webhooks;
    this.environment = environment;
    this.directory = loaded;
    this.read = modified();
  }

  /**
   * The directory of {@code settings}, loaded from {@code config} (null: none): read again when the
   * settings name a file of its own, fixed when inline. Tells the workflow whether it keeps
   * absences, which approvals record at their start.
   */
  static Supplier<Directory> of(Path config, WorkerSettings settings, Function<String, String> environment) {
    WorkerDirectory.use(settings.directory().keepsAbsences());
    if (config == null) {
      return settings::directory;
    }
    return WorkerSettings.directoryFile(config, environment)
        .<Supplier<Directory>>map(file -> new DirectoryFile(file, settings.directory(),
            settings.notifications().webhooks().keySet(), environment))
        .orElse(settings::directory);
  }

  @Override
  public synchronized Directory get() {
    FileTime now = modified();
    if (now != null && !now.equals(read)) {
      read = now;
      try {
        directory = WorkerSettings.readDirectory(file, webhooks, environment);
        WorkerDirectory.use(directory.keepsAbsences());
        log.info("directory {} read again: {} users, {} groups, {} absences", file, directory.users().size(),
            directory.groups().size(), directory.keepsAbsences() ? directory.absences().size() : "no");
      } catch (WorkerSettings.InvalidSettings unusable) {
        log.error("directory {} changed but cannot be used; keeping the one read before: {}", file,
            unusable.getMessage());
      }
    }
    return directory;
  }

  private FileTime modified() {
    try {
      return Files.getLastModifiedTime(file);
    } catch (IOException gone) {
      return null; // a file being replaced: the directory read last stays
    }
  }
}
