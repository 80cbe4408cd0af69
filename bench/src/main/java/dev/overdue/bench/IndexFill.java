package dev.overdue.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.KeyFact;
import dev.overdue.api.index.IndexUpdate;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.index.TaskIndex;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Open approvals as the workflows write them into the task index, made up for a benchmark: each
 * offered to 2 of the users (3 in 4), or to a team of 20 (its members named, as a workflow names a
 * group's members), or to everyone (1 in 100: a group too large to name, cut to its first 100
 * claimants); an amount and a supplier in the data; due dates over the next two weeks.
 */
final class IndexFill {
  static final int TEAMS = 10;
  static final String EVERYONE = "everyone";
  static final List<String> SUPPLIERS = List.of("ACME", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne",
      "Wonka", "Tyrell", "Cyberdyne");

  private final int users;
  private final Random random = new Random(49);
  private final Instant now = Instant.now();

  IndexFill(int users) {
    this.users = users;
  }

  static String user(int i) {
    return "user-%03d".formatted(i);
  }

  /** The team of user {@code i} (as the caller's groups say). */
  String team(int i) {
    return "team-" + (i % TEAMS);
  }

  /** Writes {@code rows} approvals in transactions of 1,000; returns the seconds it took. */
  double fill(TaskIndex index, int rows, Progress progress) {
    long started = System.nanoTime();
    List<IndexUpdate> batch = new ArrayList<>();
    for (int k = 0; k < rows; k++) {
      batch.add(new IndexUpdate(row(k), List.of()));
      if (batch.size() == 1_000) {
        index.applyAll(batch);
        batch.clear();
        if ((k + 1) % 20_000 == 0) {
          progress.say("index: " + (k + 1) + " of " + rows + " rows written");
        }
      }
    }
    if (!batch.isEmpty()) {
      index.applyAll(batch);
    }
    return (System.nanoTime() - started) / 1e9;
  }

  private IndexedApproval row(int k) {
    List<String> claimants = new ArrayList<>();
    List<String> groups = List.of();
    boolean cut = false;
    if (k % 100 == 0) {
      groups = List.of(EVERYONE);
      for (int i = 0; i < Math.min(users, IndexedApproval.MAX_CLAIMANTS); i++) {
        claimants.add(user(i));
      }
      cut = users > IndexedApproval.MAX_CLAIMANTS;
    } else if (k % 4 == 0) {
      int team = random.nextInt(TEAMS);
      groups = List.of("team-" + team);
      for (int i = team; i < users; i += TEAMS) {
        claimants.add(user(i));
      }
    } else {
      int a = random.nextInt(users);
      int b = (a + 1 + random.nextInt(users - 1)) % users;
      claimants.add(user(a));
      claimants.add(user(b));
    }
    int amount = 100 + random.nextInt(50_000);
    String supplier = SUPPLIERS.get(random.nextInt(SUPPLIERS.size()));
    ObjectNode data = JsonNodeFactory.instance.objectNode();
    data.put("amount", amount);
    data.put("supplier", supplier);
    Instant started = now.minus(Duration.ofMinutes(random.nextInt(60 * 24 * 14)));
    Instant due = now.plus(Duration.ofMinutes(random.nextInt(60 * 24 * 14) - 60 * 24));
    String id = "BENCH-" + k;
    return new IndexedApproval("approval-" + id, "chain-" + k, "run-" + k, 3, id, "Purchase order " + k,
        user(random.nextInt(users)), "ACTIVE", "manager", "Manager approval", "READY", null, random.nextInt(11),
        due.toString(), null, due.toString(), false, false, claimants, cut, groups, List.of(), started.toString(), null,
        null, List.of(new KeyFact("amount", "Amount (EUR)", amount), new KeyFact("supplier", "Supplier", supplier)), data);
  }
}
