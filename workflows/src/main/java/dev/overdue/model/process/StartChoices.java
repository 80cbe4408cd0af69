package dev.overdue.model.process;

import dev.overdue.model.auth.AuthPolicy;

/**
 * What an approval fixed when it started, and carries over continue-as-new: whether its commands
 * must be signed, whether offers are told ({@code notifyOffered}: {@code false} keeps them untold,
 * anything else is kept as null), and whether the worker's directory kept absences, so that every
 * task's people are looked up when it is created and a substitute stands in for one away.
 */
record StartChoices(AuthPolicy auth, Boolean notifyOffered, boolean keepsStandIns) {
  static final StartChoices NONE = new StartChoices(AuthPolicy.OFF, null, false);

  StartChoices {
    notifyOffered = Boolean.FALSE.equals(notifyOffered) ? Boolean.FALSE : null;
  }

  boolean tellsOffers() {
    return notifyOffered == null;
  }
}
