package dev.overdue.worker;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongPredicate;

/**
 * Which other pollers of this worker's task queue deserve a word, and which word. Approvals move
 * between the workers of a queue task by task, so workers whose settings differ (one with a
 * directory, one without) answer the same approval differently, depending on which one ran a
 * step: that is the mistake this catches.
 *
 * <ul>
 *   <li>A poller whose identity carries another {@code settings=} fingerprint: a WARN.
 *   <li>A poller without one: an INFO only. It is an Overdue worker older than the fingerprint (in
 *       a rolling upgrade every old worker is one, for minutes, and its settings are most likely
 *       the same) or another program; its settings cannot be told, so a warning would be a guess.
 *   <li>A poller with the same fingerprint: nothing; that is a fleet.
 * </ul>
 *
 * Each other identity is spoken of once: a worker that stays is not reported every minute again
 * (another process has another pid, hence another identity, and is reported anew). The service
 * lists a poller for minutes after it stopped: one on this host whose process has ended (the
 * worker this one replaced, restarted with new settings) is not spoken of.
 */
final class TaskQueuePeers {
  enum Level {
    WARN,
    INFO
  }

  /** A line to log. */
  record Notice(Level level, String text) {}

  private final String taskQueue;
  private final String identity;
  private final SettingsFingerprint fingerprint;
  private final Set<String> reported = new HashSet<>();

  private final LongPredicate running;

  /** This worker's host, as its identity names it (null if it does not). */
  private final String host;

  TaskQueuePeers(String taskQueue, String identity, SettingsFingerprint fingerprint) {
    this(taskQueue, identity, fingerprint, pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
  }

  /** ... telling whether a process of this host runs by {@code running} (tests). */
  TaskQueuePeers(String taskQueue, String identity, SettingsFingerprint fingerprint, LongPredicate running) {
    this.taskQueue = taskQueue;
    this.identity = identity;
    this.fingerprint = fingerprint;
    this.running = running;
    String[] mine = pidAndHost(identity);
    this.host = mine.length == 2 ? mine[1] : null;
  }

  /** {@code <pid>} and {@code <host>} of an identity {@code <pid>@<host> …}; one part if not so. */
  private static String[] pidAndHost(String identity) {
    return identity.split(" ", 2)[0].split("@", 2);
  }

  /** An identity {@code <pid>@<host> …} of this host whose process has ended. */
  private boolean endedHere(String other) {
    String[] theirs = pidAndHost(other);
    if (theirs.length != 2 || host == null || !theirs[1].equals(host)) {
      return false;
    }
    try {
      return !running.test(Long.parseLong(theirs[0]));
    } catch (NumberFormatException notAPid) {
      return false;
    }
  }

  /** What to say about these pollers' identities (this worker's own among them, or not). */
  List<Notice> review(Collection<String> pollers) {
    List<Notice> notices = new ArrayList<>();
    for (String other : new TreeSet<>(pollers)) {
      if (other.equals(identity) || reported.contains(other) || endedHere(other)) {
        continue;
      }
      Optional<String> theirs = SettingsFingerprint.in(other);
      if (theirs.isPresent() && theirs.get().equals(fingerprint.hex())) {
        continue;
      }
      reported.add(other);
      notices.add(
          theirs.isPresent()
              ? new Notice(
                  Level.WARN,
                  "two workers with different settings poll task queue '" + taskQueue + "': this one ("
                      + identity + ") and " + other + "; approvals may run on either, so group lookups,"
                      + " calendars and signed commands may answer differently — stop one, or give each"
                      + " its own --task-queue")
              : new Notice(
                  Level.INFO,
                  "task queue '" + taskQueue + "' is also polled by " + other + ", which does not show"
                      + " its settings (an older Overdue worker, or another program); if its settings"
                      + " differ from this one's (" + identity + "), approvals may run on either and"
                      + " answer differently — stop one, or give each its own --task-queue"));
    }
    return notices;
  }
}
