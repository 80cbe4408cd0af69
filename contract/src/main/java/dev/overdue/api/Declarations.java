package dev.overdue.api;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@link Declared} commands as the front ends read them: each command's declaration, its
 * fields, and a command made of its fields' values. Records are built through their canonical
 * constructor, found by their components (a native image registers them: native/).
 */
public final class Declarations {
  private Declarations() {}

  /** Command {@code type}'s declaration. */
  public static Declared of(Class<? extends ApprovalCommand> type) {
    Declared declared = type.getAnnotation(Declared.class);
    if (declared == null) {
      throw new IllegalStateException(type.getSimpleName() + " has no @Declared");
    }
    return declared;
  }

  /** Its Signal and Update name. */
  public static String name(Class<? extends ApprovalCommand> type) {
    return ApprovalCommand.ALL.entrySet().stream()
        .filter(e -> e.getValue() == type)
        .map(Map.Entry::getKey)
        .findFirst()
        .orElseThrow();
  }

  /** Its task API action, or null when it has none. */
  public static Declared.Http http(Class<? extends ApprovalCommand> type) {
    Declared.Http[] http = of(type).http();
    return http.length == 0 ? null : http[0];
  }

  /** The commands the task API takes, by their action's path, in the declarations' order. */
  public static Map<String, Class<? extends ApprovalCommand>> actions() {
    return Actions.BY_PATH;
  }

  /**
   * The actions, read once, when first asked for: a holder of its own, since {@link
   * ApprovalCommand#ALL}, which they are read from, is itself made here.
   */
  private static final class Actions {
    static final Map<String, Class<? extends ApprovalCommand>> BY_PATH = byPath();

    private static Map<String, Class<? extends ApprovalCommand>> byPath() {
      Map<String, Class<? extends ApprovalCommand>> actions = new LinkedHashMap<>();
      ApprovalCommand.ALL.values().stream()
          .filter(type -> http(type) != null)
          .forEach(type -> actions.put(http(type).path(), type));
      return Collections.unmodifiableMap(actions);
    }
  }

  /** How the inbox's task page offers it, or null when it does not. */
  public static Declared.Page page(Class<? extends ApprovalCommand> type) {
    Declared.Http http = http(type);
    return http == null || http.page().length == 0 ? null : http.page()[0];
  }

  /** Its fields, in the record's order. */
  public static List<RecordComponent> fields(Class<? extends ApprovalCommand> type) {
    return List.of(type.getRecordComponents());
  }

  /** A field's declaration. */
  public static Input input(RecordComponent field) {
    Input input = field.getAnnotation(Input.class);
    if (input == null) {
      throw new IllegalStateException(
          field.getDeclaringRecord().getSimpleName() + "." + field.getName() + " has no @Input");
    }
    return input;
  }

  /** Whether {@code field} is who sends the command, which a signature or the caller can say. */
  public static boolean isSender(RecordComponent field) {
    return field.getName().equals("user");
  }

  /** The value of {@code command}'s field {@code field}: what the front ends and the rules check. */
  public static Object value(ApprovalCommand command, RecordComponent field) {
    try {
      return field.getAccessor().invoke(command);
    } catch (InvocationTargetException | IllegalAccessException e) {
      throw new IllegalStateException("cannot read " + field.getName(), e);
    }
  }

  /** The command of {@code type} whose fields have the values {@code value} gives (null: left out). */
  public static <T extends ApprovalCommand> T bind(Class<T> type, Function<RecordComponent, Object> value) {
    RecordComponent[] fields = type.getRecordComponents();
    Object[] values = Arrays.stream(fields).map(value).toArray();
    try {
      Constructor<T> canonical =
          type.getDeclaredConstructor(Arrays.stream(fields).map(RecordComponent::getType).toArray(Class<?>[]::new));
      return canonical.newInstance(values);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof RuntimeException unchecked ? unchecked : new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot build " + type.getSimpleName(), e);
    }
  }

  /** The same from values by field name. */
  public static <T extends ApprovalCommand> T bind(Class<T> type, Map<String, ?> values) {
    return bind(type, field -> values.get(field.getName()));
  }

  /** Every command by its Signal and Update name, in the order help lists them: {@link ApprovalCommand#ALL}. */
  static Map<String, Class<? extends ApprovalCommand>> byName() {
    Map<String, Class<? extends ApprovalCommand>> all = new LinkedHashMap<>();
    all.put("enableTimer", ApprovalCommand.EnableTimer.class);
    all.put("disableTimer", ApprovalCommand.DisableTimer.class);
    all.put("suspend", ApprovalCommand.Suspend.class);
    all.put("resume", ApprovalCommand.Resume.class);
    all.put("extendDeadline", ApprovalCommand.ExtendDeadline.class);
    all.put("recalculate", ApprovalCommand.Recalculate.class);
    all.put("claim", ApprovalCommand.Claim.class);
    all.put("start", ApprovalCommand.Start.class);
    all.put("release", ApprovalCommand.Release.class);
    all.put("approve", ApprovalCommand.Approve.class);
    all.put("reject", ApprovalCommand.Reject.class);
    all.put("complete", ApprovalCommand.Complete.class);
    all.put("abort", ApprovalCommand.Abort.class);
    all.put("updateData", ApprovalCommand.UpdateData.class);
    all.put("reassign", ApprovalCommand.Reassign.class);
    all.put("refreshOwners", ApprovalCommand.RefreshOwners.class);
    all.put("stop", ApprovalCommand.Stop.class);
    all.put("delegate", ApprovalCommand.Delegate.class);
    all.put("resolve", ApprovalCommand.Resolve.class);
    all.put("forward", ApprovalCommand.Forward.class);
    all.put("nominate", ApprovalCommand.Nominate.class);
    all.put("skip", ApprovalCommand.Skip.class);
    all.put("setPriority", ApprovalCommand.SetPriority.class);
    all.put("comment", ApprovalCommand.Comment.class);
    all.put("setFollowUp", ApprovalCommand.SetFollowUp.class);
    all.put("nudge", ApprovalCommand.Nudge.class);
    return Collections.unmodifiableMap(all);
  }
}
