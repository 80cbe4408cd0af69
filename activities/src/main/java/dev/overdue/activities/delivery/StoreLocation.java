package dev.overdue.activities.delivery;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Why an SQLite store's file may not keep its promise, read from {@code /proc/self/mountinfo}:
 * a file that looks ephemeral (a temporary directory, memory, a container's writable layer) forgets
 * the delivered keys when the host or container goes, and one on a network filesystem breaks SQLite
 * (its WAL index lives in shared memory of one host, and network locks are unreliable). The worker
 * says so at start; it does not refuse, since a developer's store in /tmp is fine.
 */
public final class StoreLocation {
  /** Filesystems whose files other hosts reach over the network. */
  private static final Set<String> NETWORK =
      Set.of(
          "nfs", "nfs4", "cifs", "smb3", "smbfs", "ncpfs", "9p", "afs", "ceph", "glusterfs", "lustre",
          "gpfs", "fuse.sshfs", "fuse.glusterfs", "fuse.cephfs", "fuse.s3fs", "fuse.gcsfuse",
          "fuse.rclone", "fuse.davfs", "davfs");
  /** Filesystems kept in memory: empty after a reboot. */
  private static final Set<String> MEMORY = Set.of("tmpfs", "ramfs");
  private static final List<Path> TEMPORARY = List.of(Path.of("/tmp"), Path.of("/var/tmp"));
  /**
   * Copy-on-write filesystems container engines build a container's root from: a file there is in
   * the container's writable layer. A marker file such as /.dockerenv is not enough: a sandbox or
   * VM may carry one with its root on a plain disk.
   */
  private static final Set<String> LAYERED = Set.of("overlay", "overlayfs", "aufs", "fuse-overlayfs", "fuse.fuse-overlayfs");

  /** One line of mountinfo: where a filesystem is mounted, its type and its source. */
  record Mount(String mountPoint, String type, String source) {}

  private StoreLocation() {}

  /** The warnings for the store file {@code store} on this machine; none when it cannot tell. */
  public static List<String> warnings(Path store) {
    String mountinfo;
    try {
      mountinfo = Files.readString(Path.of("/proc/self/mountinfo"));
    } catch (IOException | RuntimeException e) {
      mountinfo = ""; // not Linux, or no /proc: only the path is judged
    }
    return warnings(resolve(store), mountinfo);
  }

  /**
   * The warnings for {@code store} (absolute, symbolic links resolved) given the text of {@code
   * /proc/self/mountinfo}.
   */
  static List<String> warnings(Path store, String mountinfo) {
    Optional<Mount> mount = mountOf(store, parse(mountinfo));
    List<String> ephemeral = new ArrayList<>();
    TEMPORARY.stream()
        .filter(store::startsWith)
        .findFirst()
        .ifPresent(tmp -> ephemeral.add("it is in the temporary directory " + tmp));
    mount.filter(m -> MEMORY.contains(m.type()))
        .ifPresent(m -> ephemeral.add("it is on " + m.type() + " (" + m.mountPoint() + "), kept in memory"));
    mount.filter(m -> LAYERED.contains(m.type()))
        .ifPresent(m -> ephemeral.add("it is in a container's writable layer (" + m.type() + " at " + m.mountPoint() + "), not on a volume"));
    List<String> warnings = new ArrayList<>();
    if (!ephemeral.isEmpty()) {
      warnings.add(
          "the delivery store " + store + " looks ephemeral: " + String.join("; ", ephemeral)
              + ". Its delivered keys are lost with it, and a notification retried after that is sent"
              + " again: put notifications.store on a persistent path (a volume), or use a PostgreSQL"
              + " store");
    }
    mount.filter(m -> NETWORK.contains(m.type()))
        .ifPresent(
            m ->
                warnings.add(
                    "the delivery store " + store + " is on a network filesystem (" + m.type() + " "
                        + m.source() + " at " + m.mountPoint() + "): SQLite's WAL must not be shared"
                        + " over a network filesystem (its index is shared memory of one host and"
                        + " network locks are unreliable), so keys may be lost or the file corrupted."
                        + " Keep the file on a local disk, one per host, or share a PostgreSQL store"
                        + " (notifications.store: jdbc:postgresql://...)"));
    return warnings;
  }

  static List<Mount> parse(String mountinfo) {
    List<Mount> mounts = new ArrayList<>();
    for (String line : mountinfo.split("\n")) {
      // "36 35 98:0 /root /mnt/point rw,noatime shared:1 - ext4 /dev/sda1 rw": the optional
      // fields end at " - ", then come the type and the source.
      int separator = line.indexOf(" - ");
      if (separator < 0) {
        continue;
      }
      String[] before = line.substring(0, separator).split(" ");
      String[] after = line.substring(separator + 3).split(" ");
      if (before.length < 5 || after.length < 2) {
        continue;
      }
      mounts.add(new Mount(unescape(before[4]), after[0], unescape(after[1])));
    }
    return mounts;
  }

  /** The mount {@code path} is on: the one with the longest mount point it starts with. */
  static Optional<Mount> mountOf(Path path, List<Mount> mounts) {
    return mounts.stream()
        .filter(m -> path.startsWith(Path.of(m.mountPoint())))
        .max(Comparator.comparingInt(m -> Path.of(m.mountPoint()).getNameCount()));
  }

  /** Absolute, with the symbolic links of its nearest existing ancestor resolved. */
  static Path resolve(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return absolute;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(absolute));
    } catch (IOException e) {
      return absolute;
    }
  }

  /** mountinfo writes a space as \040, a tab as \011, a newline as \012 and a backslash as \134. */
  private static String unescape(String field) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      if (c == '\\' && i + 3 < field.length() && field.substring(i + 1, i + 4).matches("[0-7]{3}")) {
        out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
