package dev.overdue.model.task;

import dev.overdue.api.CommentInfo;
import dev.overdue.model.trail.Warnings;
import java.util.ArrayList;
import java.util.List;

/**
 * The comments on an approval's tasks (WS-HumanTask addComment): how many there have been, and the
 * latest {@link #KEPT}. Bounded like {@link Warnings}, because the kept ones travel in a continued
 * run's input; each is also a command in its run's audit trail, where older ones stay findable.
 */
public final class Comments {
  /** 50 comments of at most {@link #MAX_LENGTH} characters: at most about 300 KB of a continued run's input. */
  public static final int KEPT= 50;

  /** The longest comment accepted: a paragraph or two, which is what a task's thread holds. */
  public static final int MAX_LENGTH= 2_000;

  private final List<CommentInfo> latest = new ArrayList<>();
  private long count;

  public void add(CommentInfo comment) {
    latest.add(comment);
    count++;
    if (latest.size() > KEPT) {
      latest.remove(0);
    }
  }

  /** What a snapshot carried; null ones (snapshots before comments) are none. */
  public void restore(List<CommentInfo> carried, Long carriedCount) {
    if (carried != null) {
      carried.forEach(latest::add);
    }
    count = carriedCount != null ? carriedCount : latest.size();
  }

  /** The kept comments, oldest first. */
  public List<CommentInfo> latest() {
    return List.copyOf(latest);
  }

  public long count() {
    return count;
  }
}
