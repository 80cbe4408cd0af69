package dev.overdue.index;

import dev.overdue.api.http.SavedView;
import java.util.List;
import java.util.Optional;

/** Saved lists, kept beside the rows they list: {@link TaskIndex#views()}. */
public interface SavedViews {
  /** The longest name. */
  int MAX_NAME = 80;

  /** The user's own views and those shared with one of their groups, by name. */
  List<SavedView> visibleTo(String user, List<String> groups);

  /**
   * Saves a new view with a random id. An {@link IllegalArgumentException} for a name that is
   * empty, longer than {@value #MAX_NAME} or holds a control character; a {@link NameTaken} when
   * the owner has a view of that name.
   */
  SavedView create(String owner, String name, String query, String sharedWith);

  Optional<SavedView> get(String id);

  /** Deletes the view if {@code owner} owns it; whether it did. */
  boolean delete(String id, String owner);

  /** The owner already has a view of that name. */
  final class NameTaken extends IllegalArgumentException {
    public NameTaken(String name) {
      super("you have a saved list named \"" + name + "\" already");
    }
  }

  /** {@code name} stripped and checked, as {@link #create} takes it. */
  static String checkedName(String name) {
    String stripped = name == null ? "" : name.strip();
    if (stripped.isEmpty() || stripped.length() > MAX_NAME) {
      throw new IllegalArgumentException("a name is 1 to " + MAX_NAME + " characters");
    }
    if (stripped.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException("a name holds no control character (such as a line break)");
    }
    return stripped;
  }
}
