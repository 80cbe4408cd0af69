package dev.overdue.bpmn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What the import cannot know is left as placeholders, each naming what to fill in. */
class PlaceholdersTest {
  @Test
  void theRequesterAndEveryDataFieldOfTheExampleAreLeftToFillIn() throws Exception {
    ImportedRequest imported = Imports.example("invoice-approval-c7.bpmn");
    assertEquals(List.of(
        "requester: fill in who asks for this approval (import-bpmn left a placeholder)",
        "data.invoiceNumber: fill in Invoice number (import-bpmn left a placeholder)",
        "data.amount: fill in Amount (EUR), a whole number from 1 (import-bpmn left a placeholder)",
        "data.accountant: fill in who the step “Check and pay (finance)” is assigned to (import-bpmn left a placeholder)"),
        Placeholders.in(imported.json()).stream().map(Placeholders.Gap::problem).toList());
  }

  @Test
  void aProblemAtAPlaceholderIsAboutIt() {
    List<Placeholders.Gap> gaps = List.of(new Placeholders.Gap("data.amount", "Amount"));
    assertEquals(true, Placeholders.about("data.amount: an integer is needed", gaps));
    assertEquals(false, Placeholders.about("data.amounts: an integer is needed", gaps));
  }
}
