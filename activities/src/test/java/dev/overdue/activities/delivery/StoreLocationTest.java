package dev.overdue.activities.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The start-up warnings about where an SQLite store lives, from made-up mount tables. */
class StoreLocationTest {
  /** A host: ext4 root, /tmp on tmpfs, a local data disk, an NFS share and an sshfs mount. */
  private static final String HOST =
      """
      22 1 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw,errors=remount-ro
      23 22 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw
      24 22 0:30 / /tmp rw,nosuid,nodev shared:14 - tmpfs tmpfs rw,size=8G
      25 22 259:3 / /var/lib/overdue rw,relatime shared:15 - xfs /dev/nvme1n1 rw
      26 22 0:52 / /mnt/shared rw,relatime shared:16 - nfs4 fileserver:/export/overdue rw,vers=4.2
      27 22 0:53 / /home/ops/remote\\040dir rw,nosuid shared:17 - fuse.sshfs ops@backup:/srv rw
      """;

  /** A container: an overlay root, and a volume mounted at /data. */
  private static final String CONTAINER =
      """
      600 500 0:160 / / rw,relatime master:300 - overlay overlay rw,lowerdir=/l,upperdir=/u,workdir=/w
      601 600 0:163 / /proc rw,nosuid,nodev,noexec,relatime - proc proc rw
      612 600 259:3 /var/lib/docker/volumes/overdue/_data /data rw,relatime - ext4 /dev/nvme1n1 rw
      """;

  /** A machine that carries a container's marker file (/.dockerenv) with its root on a plain disk. */
  private static final String SANDBOX =
      """
      27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard
      28 27 0:5 / /proc rw,nosuid,nodev,noexec,relatime - proc proc rw
      """;

  private static List<String> warnings(String path, String mountinfo) {
    return StoreLocation.warnings(Path.of(path), mountinfo);
  }

  @Test
  void aLocalDiskIsFine() {
    assertEquals(List.of(), warnings("/var/lib/overdue/deliveries.db", HOST));
    assertEquals(List.of(), warnings("/root/.overdue/deliveries.db", HOST));
  }

  @Test
  void aTemporaryDirectoryLooksEphemeral() {
    List<String> tmp = warnings("/tmp/overdue/deliveries.db", HOST);
    assertEquals(1, tmp.size(), tmp.toString());
    assertTrue(tmp.get(0).contains("looks ephemeral"), tmp.get(0));
    assertTrue(tmp.get(0).contains("temporary directory /tmp"), tmp.get(0));
    assertTrue(tmp.get(0).contains("tmpfs (/tmp), kept in memory"), tmp.get(0));

    List<String> varTmp = warnings("/var/tmp/deliveries.db", HOST);
    assertEquals(1, varTmp.size(), varTmp.toString());
    assertTrue(varTmp.get(0).contains("temporary directory /var/tmp"), varTmp.get(0));
    assertEquals(List.of(), warnings("/var/tmpfiles/deliveries.db", HOST), "a prefix of a name is not the directory");
  }

  @Test
  void aNetworkFilesystemIsNamed() {
    List<String> nfs = warnings("/mnt/shared/deliveries.db", HOST);
    assertEquals(1, nfs.size(), nfs.toString());
    assertTrue(nfs.get(0).contains("network filesystem (nfs4 fileserver:/export/overdue at /mnt/shared)"), nfs.get(0));
    assertTrue(nfs.get(0).contains("SQLite's WAL must not be shared"), nfs.get(0));

    List<String> sshfs = warnings("/home/ops/remote dir/deliveries.db", HOST);
    assertEquals(1, sshfs.size(), sshfs.toString());
    assertTrue(sshfs.get(0).contains("fuse.sshfs ops@backup:/srv at /home/ops/remote dir"), sshfs.get(0));
  }

  @Test
  void aContainersWritableLayerLooksEphemeralAVolumeDoesNot() {
    List<String> layer = warnings("/home/app/.overdue/deliveries.db", CONTAINER);
    assertEquals(1, layer.size(), layer.toString());
    assertTrue(layer.get(0).contains("a container's writable layer (overlay at /)"), layer.get(0));
    assertEquals(List.of(), warnings("/data/deliveries.db", CONTAINER));
  }

  @Test
  void aRootOnAPlainDiskIsNoWritableLayerWhateverMarkerFilesSay() {
    // The worker trusted /.dockerenv alone and warned on such a machine.
    assertEquals(List.of(), warnings("/root/.overdue/deliveries.db", SANDBOX));
    assertEquals(List.of(), warnings("/home/app/.overdue/deliveries.db", ""), "no mount table: it cannot tell");
  }

  @Test
  void withoutAMountTableOnlyThePathIsJudged() {
    assertEquals(List.of(), warnings("/srv/deliveries.db", ""));
    assertEquals(1, warnings("/tmp/deliveries.db", "").size());
  }

  @Test
  void readsThisMachinesMountTable() {
    // Whatever this machine is, a file under /tmp is in a temporary directory.
    assertTrue(StoreLocation.warnings(Path.of("/tmp/overdue-test/deliveries.db")).get(0).contains("temporary directory"));
    assertEquals("/", StoreLocation.mountOf(Path.of("/no/such/dir"), StoreLocation.parse(HOST)).orElseThrow().mountPoint());
  }
}
