package dev.overdue.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * Checks an approval request before {@link Approvals#start} starts it. The workflow applies its
 * rules again when it starts, and fails an invalid request at once naming every problem; a check
 * here refuses it before anything exists. Overdue's rules are {@code
 * dev.overdue.model.request.RequestValidator#refusal} in the workflows module, which this one does not
 * depend on.
 */
@FunctionalInterface
public interface RequestCheck {
  /** Leaves every check to the workflow. */
  RequestCheck NONE = request -> Optional.empty();

  /** Why {@code request} may not start, naming every problem; empty when it may. */
  Optional<String> refusal(JsonNode request);
}
