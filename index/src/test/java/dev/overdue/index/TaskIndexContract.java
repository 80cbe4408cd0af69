package dev.overdue.index;

import static dev.overdue.index.Rows.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.KeyFact;
import dev.overdue.api.index.IndexUpdate;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.api.index.IndexedEvent;
import dev.overdue.index.DataCondition.Op;
import dev.overdue.index.TaskQuery.View;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every task index does, run on SQLite and on PostgreSQL by the subclasses. */
abstract class TaskIndexContract {
  TaskIndex index;

  /** A new, empty index's location. */
  abstract String newLocation();

  @BeforeEach
  void open() {
    index = TaskIndexes.open(newLocation());
  }

  @AfterEach
  void close() {
    index.close();
  }

  static IndexUpdate update(IndexedApproval row, IndexedEvent... events) {
    return new IndexUpdate(row, List.of(events));
  }

  static IndexedEvent event(long seq, String name) {
    return new IndexedEvent(seq, "2026-01-01T00:00:0" + (seq % 10) + "Z", "update", name, "review", "alice",
        Rows.JSON.createObjectNode().put("seq", (int) seq));
  }

  void put(Rows... rows) {
    for (Rows row : rows) {
      assertTrue(index.apply(update(row.build())), row.workflowId);
    }
  }

  /** Every page of {@code query}, walked by keyset with pages of {@code limit}. */
  List<IndexedApproval> all(TaskQuery query) {
    List<IndexedApproval> found = new ArrayList<>();
    TaskQuery page = query;
    while (true) {
      List<IndexedApproval> rows = index.list(page);
      assertTrue(rows.size() <= page.limit() + 1);
      List<IndexedApproval> shown = rows.subList(0, Math.min(rows.size(), page.limit()));
      found.addAll(shown);
      if (rows.size() <= page.limit()) {
        return found;
      }
      page = query.after(Keyset.of(query.sort(), shown.get(shown.size() - 1)));
    }
  }

  Set<String> ids(TaskQuery query) {
    Set<String> ids = new HashSet<>();
    for (IndexedApproval row : all(query)) {
      assertTrue(ids.add(row.workflowId()), "listed twice: " + row.workflowId());
    }
    assertEquals(ids.size(), index.count(query), "count of " + query.view());
    return ids;
  }

  static TaskQuery.Builder q(View view, String user) {
    return TaskQuery.builder(view, user).limit(3);
  }

  @Test
  void aRowIsReadBackAsWritten() {
    IndexedApproval row = row("wf-1").priority(2).due("2026-03-01T10:15:30.123456Z").followUp("2026-02-01T00:00:00Z")
        .claimants("alice", "bob").cut("finance").excluded("carol")
        .facts(List.of(new KeyFact("amount", "Amount", 12500), new KeyFact("vendor", null, "ACME")))
        .data("{\"amount\": 12500, \"vendor\": \"ACME\", \"lines\": [1, 2]}").build();
    assertTrue(index.apply(update(row)));
    assertEquals(row, index.row("wf-1", "chain-1").orElseThrow());
    assertTrue(index.row("wf-1", "chain-2").isEmpty());
  }

  @Test
  void anOlderOrEqualSeqNeverOverwritesANewerOneDoes() {
    assertTrue(index.apply(update(row("wf").seq(5).title("five").build(), event(4, "a"), event(5, "b"))));
    assertFalse(index.apply(update(row("wf").seq(5).title("five again").build(), event(5, "b"))));
    assertFalse(index.apply(update(row("wf").seq(3).title("three").build(), event(3, "c"), event(1, "d"))));
    assertEquals("five", index.row("wf", "chain-1").orElseThrow().title());
    assertTrue(index.apply(update(row("wf").seq(6).title("six").build(), event(6, "e"), event(5, "b"))));
    assertEquals("six", index.row("wf", "chain-1").orElseThrow().title());
    // Events once each, in seq order, the first delivery of a seq kept.
    List<IndexedEvent> events = index.events("wf", "chain-1");
    assertEquals(List.of(1L, 3L, 4L, 5L, 6L), events.stream().map(IndexedEvent::seq).toList());
    assertEquals(List.of("d", "c", "a", "b", "e"), events.stream().map(IndexedEvent::name).toList());
    assertEquals(event(4, "a"), events.get(2));
  }

  @Test
  void chainsOfOneWorkflowAreApartAndCandidatesAreReplaced() {
    put(row("wf").claimants("alice"), row("wf").chain("chain-2").claimants("bob"));
    assertEquals(Set.of("wf"), ids(q(View.CLAIMABLE, "alice").build()));
    assertTrue(index.apply(update(row("wf").seq(2).claimants("bob").build())));
    assertEquals(Set.of(), ids(q(View.CLAIMABLE, "alice").build()));
    assertEquals(2, all(q(View.CLAIMABLE, "bob").build()).size());
  }

  @Test
  void views() {
    put(row("by-name").claimants("alice"),
        row("by-group").claimants("bob").cut("finance"),
        row("not-cut").claimants("bob").groups("finance"),
        row("excludes-carol").claimants("alice").cut("finance").excluded("carol"),
        row("suspended").claimants("alice").state("SUSPENDED"),
        row("reserved").claimants("alice").owner("alice"),
        row("suspended-mine").owner("alice").state("SUSPENDED"),
        row("ended").requester("alice").claimants("alice").ended("APPROVED", "bob"),
        row("ended-mine").owner("alice").ended("REJECTED", "alice"),
        row("requested").requester("alice").claimants("dave"));
    assertEquals(Set.of("by-name", "excludes-carol"), ids(q(View.CLAIMABLE, "alice").build()));
    assertEquals(Set.of("by-name", "by-group", "excludes-carol"),
        ids(q(View.CLAIMABLE, "alice").groups(List.of("finance", "hr")).build()));
    assertEquals(Set.of("by-group"), ids(q(View.CLAIMABLE, "carol").groups(List.of("finance")).build()));
    assertEquals(Set.of(), ids(q(View.CLAIMABLE, "erin").groups(List.of("hr")).build()));
    assertEquals(Set.of("reserved", "suspended-mine"), ids(q(View.MINE, "alice").build()));
    assertEquals(Set.of("by-name", "by-group", "not-cut", "excludes-carol", "suspended", "reserved", "suspended-mine",
        "requested"), ids(q(View.ALL, null).build()));
    assertEquals(Set.of("ended", "requested"), ids(q(View.REQUESTED, "alice").build()));
  }

  @Test
  void filters() {
    put(row("a").due("2026-03-01T00:00:00Z").followUp("2026-02-01T00:00:00Z").priority(1).step("review")
            .requester("rita").title("Laptop for Anna").requestId("PO-100"),
        row("b").due("2026-04-01T00:00:00Z").priority(3).step("approve").requester("sam").title("100% off_sale"),
        row("c").followUp("2026-05-01T00:00:00Z").priority(2).requestId("po-200").title("Chairs"),
        row("d").title("Éclair für Zoë"));
    Instant march15 = Instant.parse("2026-03-15T00:00:00Z");
    assertEquals(Set.of("a"), ids(q(View.ALL, null).dueBefore(march15).build()));
    assertEquals(Set.of("b"), ids(q(View.ALL, null).dueAfter(march15).build()));
    assertEquals(Set.of("a"), ids(q(View.ALL, null).followUpBefore(march15).build()));
    assertEquals(Set.of("b", "c"), ids(q(View.ALL, null).priorityFrom(2).build()));
    assertEquals(Set.of("a", "c"), ids(q(View.ALL, null).priorityTo(2).build()));
    assertEquals(Set.of("c"), ids(q(View.ALL, null).priorityFrom(2).priorityTo(2).build()));
    assertEquals(Set.of("b"), ids(q(View.ALL, null).step("approve").build()));
    assertEquals(Set.of("b"), ids(q(View.ALL, null).requester("sam").build()));
    assertEquals(Set.of("a"), ids(q(View.ALL, null).text("ANNA").build()));
    assertEquals(Set.of("a", "c"), ids(q(View.ALL, null).text("Po-").build()));
    assertEquals(Set.of("b"), ids(q(View.ALL, null).text("0% off_").build()), "% and _ are plain characters");
    assertEquals(Set.of(), ids(q(View.ALL, null).text("0%_off").build()));
    assertEquals(Set.of("d"), ids(q(View.ALL, null).text("Éclair für").build()));
    // ASCII letters in any case; others as the database's lower() folds them (SQLite's and the C
    // locale's do not), so "zoë" is found by "ZOë" and not promised by "ZOË".
    assertEquals(Set.of("d"), ids(q(View.ALL, null).text("R ZOë").build()));
    assertEquals(Set.of("a"), ids(q(View.ALL, null).overdue(true, march15).build()));
    assertEquals(Set.of("b", "c", "d"), ids(q(View.ALL, null).overdue(false, march15).build()));
    assertEquals(Set.of("a"), ids(q(View.ALL, null).overdue(true, march15).text("po").priorityTo(1).build()));
  }

  @Test
  void dataConditions() {
    put(row("big").data("{\"amount\": 12500, \"vendor\": \"ACME Corp\", \"code\": \"10000\"}"),
        row("exact").data("{\"amount\": 10000.00, \"vendor\": \"acme corp\"}"),
        row("small").data("{\"amount\": 9999.5, \"vendor\": \"Other\"}"),
        row("text").data("{\"amount\": \"lots\", \"vendor\": \"ACME\"}"),
        row("none").data("{\"vendor\": null}"),
        row("no-data"));
    assertEquals(Set.of("big", "exact"), ids(data("amount", Op.GE, "10000")));
    assertEquals(Set.of("big"), ids(data("amount", Op.GT, "10000")));
    assertEquals(Set.of("small", "exact"), ids(data("amount", Op.LE, "1e4")));
    assertEquals(Set.of("small"), ids(data("amount", Op.LT, "10000")));
    assertEquals(Set.of("exact"), ids(data("amount", Op.EQ, "10000")), "numbers numerically");
    assertEquals(Set.of("big"), ids(data("code", Op.EQ, "10000")), "a text value compared as text");
    assertEquals(Set.of("text"), ids(data("amount", Op.EQ, "LOTS")));
    assertEquals(Set.of("big", "exact"), ids(data("vendor", Op.EQ, "acme CORP")));
    assertEquals(Set.of("big", "exact", "text"), ids(data("vendor", Op.CONTAINS, "acme")));
    assertEquals(Set.of("small", "text", "none", "no-data"), ids(data("vendor", Op.NE, "Acme corp")));
    assertEquals(Set.of("big", "small", "text", "none", "no-data"), ids(data("amount", Op.NE, "10000")));
    assertEquals(Set.of("big", "text"), ids(q(View.ALL, null).data(List.of(new DataCondition("amount", Op.NE, "10000"),
        new DataCondition("vendor", Op.CONTAINS, "ACM"))).build()));
    for (String bad : List.of("", "a.b", "a'b", "a\"b", "$.x", "a b", "ü")) {
      IllegalArgumentException refused =
          assertThrows(IllegalArgumentException.class, () -> new DataCondition(bad, Op.EQ, "1"));
      assertTrue(refused.getMessage().contains("letters, digits"), refused.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> Sort.parse("data.a'b"));
  }

  private static TaskQuery data(String key, Op op, String value) {
    return q(View.ALL, null).data(List.of(new DataCondition(key, op, value))).build();
  }

  /** ~50 rows with ties and missing values: every sort, both ways, walked 7 at a time. */
  @Test
  void everySortPagesWithoutRepeatsOrGaps() {
    Random random = new Random(42);
    List<String> dates = List.of("2026-03-01T00:00:00Z", "2026-03-02T00:00:00Z", "2026-03-02T12:00:00.5Z",
        "2025-12-31T23:59:59Z");
    List<String> amounts = List.of("100", "9", "10.5", "-3", "1e3", "\"abc\"", "\"Abd\"", "\"10\"", "\"zeta\"",
        "\"Éclair\"", "\"éclair\"", "true",
        "null", "{\"a\": 1}");
    List<IndexUpdate> updates = new ArrayList<>();
    for (int i = 0; i < 52; i++) {
      Rows row = row("wf-" + (i % 40)).chain("chain-" + (i / 40));
      row.due(pick(random, dates)).followUp(pick(random, dates)).started(pick(random, dates));
      row.priority(random.nextInt(5) == 0 ? null : random.nextInt(3));
      String amount = pick(random, amounts);
      row.data(amount == null ? "{}" : "{\"amount\": " + amount + "}");
      updates.add(update(row.build()));
    }
    Collections.shuffle(updates, random);
    updates.forEach(index::apply);
    for (String field : List.of("due", "priority", "followUp", "started", "data.amount")) {
      for (boolean descending : List.of(false, true)) {
        Sort sort = new Sort(field, descending);
        TaskQuery query = TaskQuery.builder(View.ALL, null).sort(sort).limit(7).build();
        List<IndexedApproval> walked = all(query);
        List<IndexedApproval> expected = updates.stream().map(IndexUpdate::approval).sorted(order(sort)).toList();
        assertEquals(names(expected), names(walked), sort.toString());
        assertEquals(52, index.count(query));
      }
    }
  }

  private static <T> T pick(Random random, List<T> values) {
    int i = random.nextInt(values.size() + 1);
    return i == values.size() ? null : values.get(i);
  }

  private static List<String> names(List<IndexedApproval> rows) {
    return rows.stream().map(r -> r.workflowId() + "/" + r.chainId()).toList();
  }

  /** The order in Java: no value last both ways; numbers before text; ties by workflow and chain id. */
  private static Comparator<IndexedApproval> order(Sort sort) {
    Comparator<IndexedApproval> byValue;
    if (sort.dataKey() != null) {
      Function<IndexedApproval, JsonNode> value = r -> {
        JsonNode node = r.data() == null ? null : r.data().get(sort.dataKey());
        return node != null && (node.isNumber() || node.isTextual()) ? node : null;
      };
      Comparator<JsonNode> nodes = Comparator.comparing((JsonNode n) -> n.isNumber() ? 0 : 1)
          .thenComparing(n -> n.isNumber() ? n.decimalValue() : BigDecimal.ZERO)
          .thenComparing(n -> n.isTextual() ? asciiLower(n.textValue()) : "");
      byValue = Comparator.comparing(value, Comparator.nullsLast(sort.descending() ? nodes.reversed() : nodes));
    } else {
      Function<IndexedApproval, Comparable<Object>> value = r -> {
        @SuppressWarnings("unchecked")
        Comparable<Object> v = (Comparable<Object>) (Object) switch (sort.field()) {
          case "due" -> r.dueDate() == null ? null : Instant.parse(r.dueDate());
          case "followUp" -> r.followUp() == null ? null : Instant.parse(r.followUp());
          case "started" -> r.startedAt() == null ? null : Instant.parse(r.startedAt());
          default -> r.priority();
        };
        return v;
      };
      Comparator<Comparable<Object>> natural = Comparator.naturalOrder();
      byValue = Comparator.comparing(value, Comparator.nullsLast(sort.descending() ? natural.reversed() : natural));
    }
    return byValue.thenComparing(IndexedApproval::workflowId).thenComparing(IndexedApproval::chainId);
  }

  /** SQLite's lower(), and PostgreSQL's in the tests' C locale: ASCII letters only. */
  private static String asciiLower(String text) {
    StringBuilder lower = new StringBuilder(text.length());
    text.chars().forEach(c -> lower.append((char) (c >= 'A' && c <= 'Z' ? c + 32 : c)));
    return lower.toString();
  }

  @Test
  void deleteRemovesRowCandidatesAndEvents() {
    index.apply(update(row("wf").claimants("alice").build(), event(1, "a")));
    index.apply(update(row("other").claimants("alice").build(), event(1, "a")));
    index.delete("wf", "chain-1");
    assertTrue(index.row("wf", "chain-1").isEmpty());
    assertEquals(List.of(), index.events("wf", "chain-1"));
    assertEquals(Set.of("other"), ids(q(View.CLAIMABLE, "alice").build()));
    assertEquals(1, index.events("other", "chain-1").size());
    // Written again from scratch, with nothing left of before.
    assertTrue(index.apply(update(row("wf").build())));
    assertEquals(Set.of("other"), ids(q(View.CLAIMABLE, "alice").build()));
  }

  @Test
  void scanWalksEveryRowInKeyOrder() {
    put(row("b"), row("a").chain("z"), row("a").chain("y"), row("c").ended("ABORTED", null), row("b").chain("a"));
    assertEquals(List.of("a/y", "a/z", "b/a"), names(index.scan(null, null, 3)));
    assertEquals(List.of("b/chain-1", "c/chain-1"), names(index.scan("b", "a", 3)));
    assertEquals(List.of("b/a", "b/chain-1", "c/chain-1"), names(index.scan("a", null, 10).subList(2, 5)));
    assertEquals(List.of(), index.scan("c", "chain-1", 3));
  }

  @Test
  void whereNeverShowsAPassword() {
    String where = index.where();
    assertTrue(where.startsWith("sqlite /") || where.startsWith("postgresql://"), where);
    assertFalse(where.contains(TestPostgres.PASSWORD), where);
    assertFalse(where.contains("password"), where);
  }

  @Test
  void aKeysetIsBuiltFromARow() {
    IndexedApproval row = row("wf").due("2026-03-01T10:00:00.1234567Z").priority(4)
        .data("{\"amount\": 1.50, \"who\": \"Anna\"}").build();
    assertEquals(new Keyset("2026-03-01T10:00:00.123456Z", "wf", "chain-1"), Keyset.of(Sort.byDue(), row));
    assertEquals("4", Keyset.of(Sort.parse("-priority"), row).value());
    // Jackson reads 1.50 as a double: the cursor holds 1.5, which compares equal.
    assertEquals("n1.5", Keyset.of(Sort.parse("data.amount"), row).value());
    assertEquals("tAnna", Keyset.of(Sort.parse("data.who"), row).value());
    assertEquals("", Keyset.of(Sort.parse("data.none"), row).value());
    assertEquals("", Keyset.of(Sort.parse("followUp"), row).value());
  }
}
