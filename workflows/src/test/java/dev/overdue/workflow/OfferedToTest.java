package dev.overdue.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** PotentialOwners stays under Temporal's 2 KB per value, and says when it left names out. */
class OfferedToTest {
  @Test
  void noClaimantsLeaveTheAttributeUnset() {
    OfferedTo none = OfferedTo.cut(List.of());
    assertNull(none.names());
    assertFalse(none.cut());
  }

  @Test
  void claimantsThatFitAreListedWholeAndNotCut() {
    OfferedTo few = OfferedTo.cut(List.of("alice", "bob"));
    assertEquals(List.of("alice", "bob"), few.names());
    assertFalse(few.cut());
  }

  @Test
  void moreThanFitAreCutToTheFirstOnesWithinTheLimitAndSaySo() {
    List<String> many = new ArrayList<>();
    for (int i = 1; i <= 300; i++) {
      many.add(String.format("member-%03d", i));
    }
    OfferedTo cut = OfferedTo.cut(many);
    assertTrue(cut.cut());
    assertEquals(many.subList(0, cut.names().size()), cut.names());
    int bytes = 2 + cut.names().stream().mapToInt(n -> n.getBytes(StandardCharsets.UTF_8).length + 3).sum();
    assertTrue(bytes <= OfferedTo.MAX_BYTES, bytes + " bytes");
    assertTrue(bytes + "member-xxx".length() + 3 > OfferedTo.MAX_BYTES, "no room for one more");
  }
}
