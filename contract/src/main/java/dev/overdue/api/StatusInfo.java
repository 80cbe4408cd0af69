package dev.overdue.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The {@code status} query: the whole approval at a glance, its data as it stands now. {@code
 * warnings} are the latest ones an approval keeps; {@code warningCount} counts every warning of its
 * life (null in answers of workers older than counts: then {@code warnings} has them all), and the
 * audit trail ({@code history}) has each one as a {@link HistoryEntry#WARNING} entry. {@code auth}
 * is whether its commands must be signed: {@code required} or {@code optional}; null when off
 * (and in answers of workers older than signed commands). {@code businessAdministrators} are the
 * request's, then the members of the groups it names (null when none); {@code comments} the
 * latest comments on the steps' tasks, oldest
 * first, and {@code commentCount} how many there have been (both null when there are none).
 * {@code keyFields} are the data keys the request names to show first (its {@code keyFields}),
 * {@code dataLabels} the titles the request's {@code dataForm} gives them ("Amount (EUR)"); both
 * null when there are none.
 */
public record StatusInfo(
    String requestId,
    String title,
    String requester,
    String state,
    String suspendedReason,
    String currentStep,
    List<StepInfo> steps,
    List<TimerInfo> timers,
    List<WarningInfo> warnings,
    Map<String, Object> data,
    Long warningCount,
    @JsonInclude(JsonInclude.Include.NON_NULL) String auth,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<String> businessAdministrators,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<CommentInfo> comments,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long commentCount,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<String> keyFields,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, String> dataLabels) {

  /** A status without key fields or data labels (and from workers older than them). */
  public StatusInfo(
      String requestId, String title, String requester, String state, String suspendedReason,
      String currentStep, List<StepInfo> steps, List<TimerInfo> timers, List<WarningInfo> warnings,
      Map<String, Object> data, Long warningCount, String auth, List<String> businessAdministrators,
      List<CommentInfo> comments, Long commentCount) {
    this(requestId, title, requester, state, suspendedReason, currentStep, steps, timers, warnings, data,
        warningCount, auth, businessAdministrators, comments, commentCount, null, null);
  }

  /** A status without business administrators or comments (and from workers older than them). */
  public StatusInfo(
      String requestId, String title, String requester, String state, String suspendedReason,
      String currentStep, List<StepInfo> steps, List<TimerInfo> timers, List<WarningInfo> warnings,
      Map<String, Object> data, Long warningCount, String auth) {
    this(requestId, title, requester, state, suspendedReason, currentStep, steps, timers, warnings, data,
        warningCount, auth, null, null, null);
  }

  /** A status of an approval without signed commands. */
  public StatusInfo(
      String requestId, String title, String requester, String state, String suspendedReason,
      String currentStep, List<StepInfo> steps, List<TimerInfo> timers, List<WarningInfo> warnings,
      Map<String, Object> data, Long warningCount) {
    this(requestId, title, requester, state, suspendedReason, currentStep, steps, timers, warnings, data,
        warningCount, null);
  }

  /** Every warning of the approval's life, shown or not. */
  public long warningsInAll() {
    return warningCount != null ? warningCount : warnings.size();
  }
}
