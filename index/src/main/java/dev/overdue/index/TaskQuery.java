package dev.overdue.index;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One page of a work list: a view of the caller's, filters (null: none), an order and where the
 * page starts. Build it with {@link #builder(View, String)}.
 *
 * @param view which rows the list is of
 * @param user the caller
 * @param groups the caller's groups (a claim by group where a row's claimants were cut)
 * @param dueBefore due strictly before
 * @param dueAfter due strictly after
 * @param followUpBefore follow-up strictly before
 * @param priorityFrom priority at least (inclusive)
 * @param priorityTo priority at most (inclusive)
 * @param step the current step
 * @param requester who requested it
 * @param text a case-insensitive substring of the title or the request id
 * @param overdue true: due before {@code now}; false: not (undated or due at or after {@code now})
 * @param now the time {@code overdue} is judged at
 * @param data conditions on the request's data, all of which must hold
 * @param sort the order
 * @param after the page starts after this row; null for the first page
 * @param limit the page size: up to limit + 1 rows are read, the last saying there is a next page
 */
public record TaskQuery(
    View view,
    String user,
    List<String> groups,
    Instant dueBefore,
    Instant dueAfter,
    Instant followUpBefore,
    Integer priorityFrom,
    Integer priorityTo,
    String step,
    String requester,
    String text,
    Boolean overdue,
    Instant now,
    List<DataCondition> data,
    Sort sort,
    Keyset after,
    int limit) {

  /** The lists. */
  public enum View {
    /** Open rows (ACTIVE or SUSPENDED) whose owner is the user. */
    MINE,
    /**
     * ACTIVE rows whose task is READY, the user among its claimants or (claimants cut) one of the
     * caller's groups among its candidate groups, and the user not an excluded owner.
     */
    CLAIMABLE,
    /** Every open row (ACTIVE or SUSPENDED). */
    ALL,
    /** Rows the user requested, open or ended. */
    REQUESTED,
    /** Rows the user requested that are still open: the count beside "My requests". */
    REQUESTED_OPEN
  }

  public TaskQuery {
    Objects.requireNonNull(view, "view");
    if (view != View.ALL) {
      Objects.requireNonNull(user, "user");
    }
    groups = groups == null ? List.of() : List.copyOf(groups);
    data = data == null ? List.of() : List.copyOf(data);
    sort = sort == null ? Sort.byDue() : sort;
    if (overdue != null && now == null) {
      throw new IllegalArgumentException("overdue needs now");
    }
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, not " + limit);
    }
  }

  public static Builder builder(View view, String user) {
    return new Builder(view, user);
  }

  /** This query's next page: after {@code keyset}. */
  public TaskQuery after(Keyset keyset) {
    return new TaskQuery(view, user, groups, dueBefore, dueAfter, followUpBefore, priorityFrom, priorityTo, step,
        requester, text, overdue, now, data, sort, keyset, limit);
  }

  /** Builds a {@link TaskQuery}; every filter is optional; sort defaults to due, limit to 50. */
  public static final class Builder {
    private final View view;
    private final String user;
    private List<String> groups;
    private Instant dueBefore;
    private Instant dueAfter;
    private Instant followUpBefore;
    private Integer priorityFrom;
    private Integer priorityTo;
    private String step;
    private String requester;
    private String text;
    private Boolean overdue;
    private Instant now;
    private List<DataCondition> data;
    private Sort sort;
    private Keyset after;
    private int limit = 50;

    private Builder(View view, String user) {
      this.view = view;
      this.user = user;
    }

    public Builder groups(List<String> groups) { this.groups = groups; return this; }
    public Builder dueBefore(Instant instant) { this.dueBefore = instant; return this; }
    public Builder dueAfter(Instant instant) { this.dueAfter = instant; return this; }
    public Builder followUpBefore(Instant instant) { this.followUpBefore = instant; return this; }
    public Builder priorityFrom(Integer priority) { this.priorityFrom = priority; return this; }
    public Builder priorityTo(Integer priority) { this.priorityTo = priority; return this; }
    public Builder step(String step) { this.step = step; return this; }
    public Builder requester(String requester) { this.requester = requester; return this; }
    public Builder text(String text) { this.text = text; return this; }
    public Builder overdue(Boolean overdue, Instant now) { this.overdue = overdue; this.now = now; return this; }
    public Builder data(List<DataCondition> data) { this.data = data; return this; }
    public Builder sort(Sort sort) { this.sort = sort; return this; }
    public Builder after(Keyset after) { this.after = after; return this; }
    public Builder limit(int limit) { this.limit = limit; return this; }

    public TaskQuery build() {
      return new TaskQuery(view, user, groups, dueBefore, dueAfter, followUpBefore, priorityFrom, priorityTo, step,
          requester, text, overdue, now, data, sort, after, limit);
    }
  }
}
