package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The bill of the README's purchase order, on the time-skipping test service (a few seconds). */
class BillBenchTest {
  @Test
  void bothSidesLiveTheSameLifeAndTheBareOneCostsWhatItsCodeSays() throws Exception {
    BillBench.Result bill = BillBench.run(Path.of(".."));
    System.out.println(bill.json());
    assertEquals("REJECTED", bill.overdueOutcome(), "finance let its day pass");
    assertEquals("REJECTED", bill.bareOutcome());
    Map<String, Long> bare = bill.bare();
    // Its code: timers 5 d, 2 d, the 4 h wait, the reminder's 30 min, finance's 1 d wait.
    assertEquals(5L, bare.get("timer started"), bare.toString());
    // Mails: the offer, the reminder, frank's offer, finance's deadline.
    assertEquals(4L, bare.get("activity started"), bare.toString());
    assertEquals(3L, bare.get("update"), "reminder on, claim, approve");
    assertEquals(1L, bare.get("workflow started"));
    assertEquals(0L, bare.get("search-attribute upsert"));
    Map<String, Long> overdue = bill.overdue();
    assertEquals(3L, overdue.get("update"), "the same three Updates");
    assertEquals(1L, overdue.get("workflow started"));
    assertEquals(BillBench.LOOKS, overdue.get("query"));
    assertTrue(BillBench.Result.total(overdue) > BillBench.Result.total(bare), bill.json().toString());
  }
}
