package dev.overdue.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.http.SavedView;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What saved views do, on SQLite and on PostgreSQL by the subclasses. */
abstract class SavedViewsContract {
  TaskIndex index;
  SavedViews views;

  abstract String newLocation();

  @BeforeEach
  void open() {
    index = TaskIndexes.open(newLocation());
    views = index.views();
  }

  @AfterEach
  void close() {
    index.close();
  }

  @Test
  void aSavedViewReadsBackAsSaved() {
    SavedView saved = views.create("carol", "  Over 10k ", "view=claimable&data.amount>=10000", null);
    assertEquals("Over 10k", saved.name(), "stripped");
    assertEquals(saved, views.get(saved.id()).orElseThrow());
    assertTrue(Instant.parse(saved.createdAt()).isAfter(Instant.now().minusSeconds(60)));
    assertTrue(views.get("no-such-id").isEmpty());
  }

  @Test
  void eachSeesTheirOwnAndTheirGroupsViewsByName() {
    SavedView mine = views.create("carol", "b mine", "view=mine", null);
    SavedView finance = views.create("frank", "A invoices", "data.kind=invoice", "finance");
    views.create("frank", "c frank's own", "view=mine", null);
    views.create("lena", "d legal", "view=claimable", "legal");
    assertEquals(List.of(finance, mine), views.visibleTo("carol", List.of("finance", "managers")));
    assertEquals(List.of(mine), views.visibleTo("carol", List.of()));
    assertEquals(List.of("A invoices", "c frank's own"),
        views.visibleTo("frank", List.of("finance")).stream().map(SavedView::name).toList());
  }

  @Test
  void aNameIsTakenOncePerOwner() {
    views.create("carol", "Due this week", "sort=due", null);
    assertThrows(SavedViews.NameTaken.class, () -> views.create("carol", "Due this week ", "sort=priority", "finance"));
    views.create("frank", "Due this week", "sort=due", null);
    assertEquals(1, views.visibleTo("carol", List.of()).size());
  }

  @Test
  void badNamesAreRefused() {
    for (String bad : new String[] {"", "   ", "x".repeat(81), "two\nlines"}) {
      IllegalArgumentException refused =
          assertThrows(IllegalArgumentException.class, () -> views.create("carol", bad, "sort=due", null));
      assertFalse(refused instanceof SavedViews.NameTaken);
    }
    views.create("carol", "x".repeat(80), "sort=due", null);
  }

  @Test
  void onlyTheOwnerDeletes() {
    SavedView shared = views.create("frank", "Invoices", "data.kind=invoice", "finance");
    assertFalse(views.delete(shared.id(), "fiona"));
    assertTrue(views.get(shared.id()).isPresent());
    assertTrue(views.delete(shared.id(), "frank"));
    assertTrue(views.get(shared.id()).isEmpty());
    assertFalse(views.delete(shared.id(), "frank"));
  }
}
