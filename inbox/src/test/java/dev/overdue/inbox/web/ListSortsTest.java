package dev.overdue.inbox.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.inbox.requests.RequestTypes;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The list's order select with docs/examples/request-types (what bin/overdue-up offers): the fixed
 * orders, then each key field the types name once, labelled by its form, numbers highest first.
 */
class ListSortsTest {
  @Test
  void eachKeyFieldOfTheRequestTypesIsAnOrder() {
    ListSorts sorts = new ListSorts(RequestTypes.read(Path.of("..", "docs", "examples", "request-types")));

    assertEquals(List.of("due", "-due", "priority", "-started", "started",
            "-data.amount", "data.amount", "data.supplier", "-data.supplier"),
        List.copyOf(sorts.options().keySet()), "invoice-approval names amount and supplier; purchase-order too: once");
    assertEquals("Amount (EUR), highest first", sorts.options().get("-data.amount"), "the first type's label");
    assertEquals("Supplier, A to Z", sorts.options().get("data.supplier"));
  }
}
