package dev.overdue.index;

import java.math.BigDecimal;
import java.util.List;

/**
 * Builds a list's SELECT (and its count) from a {@link TaskQuery}: the view, the filters, the order
 * and the keyset, every value a bound parameter.
 */
final class ListSql {
  private static final String OPEN = "a.state IN ('ACTIVE', 'SUSPENDED')";
  private static final String TIE = "(a.workflow_id > ? OR (a.workflow_id = ? AND a.chain_id > ?))";

  private final Dialect dialect;

  ListSql(Dialect dialect) {
    this.dialect = dialect;
  }

  /** The page: at most limit + 1 rows after the keyset, in the query's order. */
  Sql list(TaskQuery query) {
    Sql sql = new Sql("SELECT " + RowMapping.COLUMNS + " FROM ").add(from(query)).add(" WHERE ").add(where(query));
    if (query.after() != null) {
      sql.add(" AND ").add(after(query.sort(), query.after()));
    }
    return sql.add(" ORDER BY ").add(orderBy(query.sort())).add(" LIMIT ?", query.limit() + 1);
  }

  /** How many rows the view and filters match. */
  Sql count(TaskQuery query) {
    return new Sql("SELECT count(*) FROM ").add(from(query)).add(" WHERE ").add(where(query));
  }

  private Sql where(TaskQuery query) {
    Sql sql = view(query);
    if (query.dueBefore() != null) {
      sql.add(" AND a.due_date < ?", query.dueBefore());
    }
    if (query.dueAfter() != null) {
      sql.add(" AND a.due_date > ?", query.dueAfter());
    }
    if (query.followUpBefore() != null) {
      sql.add(" AND a.follow_up < ?", query.followUpBefore());
    }
    if (query.priorityFrom() != null) {
      sql.add(" AND a.priority >= ?", query.priorityFrom());
    }
    if (query.priorityTo() != null) {
      sql.add(" AND a.priority <= ?", query.priorityTo());
    }
    if (query.step() != null) {
      sql.add(" AND a.step = ?", query.step());
    }
    if (query.requester() != null) {
      sql.add(" AND a.requester = ?", query.requester());
    }
    if (query.text() != null) {
      // The expression of PostgreSQL's trigram index, word for word; the database's own lower() on
      // both sides (SQLite's folds ASCII letters only, so Java's would not match it).
      sql.add(" AND lower(coalesce(a.title, '') || ' ' || coalesce(a.request_id, '')) LIKE lower(?) ESCAPE '\\'",
          "%" + escapeLike(query.text()) + "%");
    }
    if (query.overdue() != null) {
      sql.add(query.overdue() ? " AND a.due_date < ?" : " AND (a.due_date IS NULL OR a.due_date >= ?)", query.now());
    }
    for (DataCondition condition : query.data()) {
      sql.add(" AND ").add(data(condition));
    }
    return sql;
  }

  private Sql view(TaskQuery query) {
    return switch (query.view()) {
      case MINE -> new Sql(OPEN + " AND a.owner = ?", query.user());
      case ALL -> new Sql(OPEN);
      case REQUESTED -> new Sql("a.requester = ?", query.user());
      case REQUESTED_OPEN -> new Sql(OPEN + " AND a.requester = ?", query.user());
      case CLAIMABLE -> claimable(query.user());
    };
  }

  /**
   * The rows a list reads from: all approvals, or for CLAIMABLE only the chains whose candidates
   * name the user, or one of the caller's groups where the claimants were cut. A join from the
   * candidates' key (not an IN) lets SQLite too reach each approval by its primary key.
   */
  private Sql from(TaskQuery query) {
    if (query.view() != TaskQuery.View.CLAIMABLE) {
      return new Sql("approvals a");
    }
    Sql sql = new Sql("(SELECT c.workflow_id, c.chain_id FROM candidates c WHERE c.kind = 'u' AND c.name = ?",
        query.user());
    if (!query.groups().isEmpty()) {
      // UNION, not UNION ALL: a chain naming the user and a group is listed once.
      sql.add(" UNION SELECT g.workflow_id, g.chain_id FROM candidates g JOIN approvals cut"
          + " ON cut.workflow_id = g.workflow_id AND cut.chain_id = g.chain_id"
          + " WHERE g.kind = 'g' AND cut.claimants_cut AND g.name IN (" + placeholders(query.groups().size()) + ")",
          query.groups().toArray());
    }
    return sql.add(") k JOIN approvals a ON a.workflow_id = k.workflow_id AND a.chain_id = k.chain_id");
  }

  /** Claimable: ready, and the user not among the excluded owners. */
  private Sql claimable(String user) {
    return new Sql(dialect.claimableState() + " AND NOT EXISTS (SELECT 1 FROM candidates x WHERE x.kind = 'x'"
        + " AND x.name = ? AND x.workflow_id = a.workflow_id AND x.chain_id = a.chain_id)", user);
  }

  private Sql data(DataCondition condition) {
    Object key = dialect.dataKey(condition.key());
    BigDecimal number = condition.number();
    String text = dialect.dataText();
    return switch (condition.op()) {
      case EQ -> equal(key, condition.value(), number);
      case NE -> new Sql("(" + text + " IS NULL OR NOT ", key).add(equal(key, condition.value(), number)).add(")");
      case CONTAINS -> new Sql(dialect.contains("lower(" + text + ")", "lower(?)"), key, condition.value());
      case GT, GE, LT, LE -> {
        String op = switch (condition.op()) {
          case GT -> " > ?";
          case GE -> " >= ?";
          case LT -> " < ?";
          default -> " <= ?";
        };
        yield number != null
            ? new Sql("(CASE WHEN " + dialect.dataIsNumber() + " THEN " + dialect.dataNumber() + " END)" + op, key, key, number)
            : new Sql("lower(" + text + ")" + op.replace("?", "lower(?)"), key, condition.value());
      }
    };
  }

  /** Numbers numerically when both are numbers, else text ignoring case; null when the key is missing. */
  private Sql equal(Object key, String value, BigDecimal number) {
    String text = "lower(" + dialect.dataText() + ") = lower(?)";
    if (number == null) {
      return new Sql("(" + text + ")", key, value);
    }
    return new Sql("(CASE WHEN " + dialect.dataIsNumber() + " THEN " + dialect.dataNumber() + " = ? ELSE " + text + " END)",
        key, key, number, key, value);
  }

  /**
   * The order: rows without a value last in either direction, then (workflowId, chainId).
   * A plain column uses NULLS LAST (its index can serve it); a data key sorts by four keys:
   * missing, kind (numbers before text), number, text.
   */
  private Sql orderBy(Sort sort) {
    String direction = sort.descending() ? " DESC" : " ASC";
    String key = sort.dataKey();
    if (key == null) {
      return new Sql(column(sort) + direction + " NULLS LAST, a.workflow_id ASC, a.chain_id ASC");
    }
    List<Sql> keys = dataKeys(key);
    Sql sql = new Sql().add(missing(key)).add(" ASC");
    for (Sql part : keys) {
      sql.add(", ").add(part).add(direction);
    }
    return sql.add(", a.workflow_id ASC, a.chain_id ASC");
  }

  /** The rows after {@code keyset} in {@code sort}'s order. */
  private Sql after(Sort sort, Keyset keyset) {
    Object[] tie = {keyset.workflowId(), keyset.workflowId(), keyset.chainId()};
    String op = sort.descending() ? " < ?" : " > ?";
    String key = sort.dataKey();
    if (key == null) {
      String column = column(sort);
      if (keyset.missing()) {
        return new Sql("(" + column + " IS NULL AND " + TIE + ")", tie);
      }
      Object value = sort.field().equals("priority") ? keyset.priority() : keyset.instant();
      return new Sql("(" + column + " IS NULL OR " + column + op + " OR (" + column + " = ? AND " + TIE + "))",
          value, value).add("", tie);
    }
    if (keyset.missing()) {
      return new Sql("(").add(missing(key)).add(" = 1 AND " + TIE + ")", tie);
    }
    BigDecimal number = keyset.number();
    Object[] values = {number == null ? 1 : 0, number == null ? BigDecimal.ZERO : number, keyset.text()};
    List<Sql> keys = dataKeys(key);
    // Lexicographic over (kind, number, text, tie): k0 op v0 OR (k0 = v0 AND (k1 op v1 OR ...)).
    // The cursor's text is lowered by the same lower() as the rows', so the two always agree.
    String[] placeholders = {"?", "?", "lower(?)"};
    Sql lex = new Sql(TIE, tie);
    for (int i = keys.size() - 1; i >= 0; i--) {
      lex = new Sql("(").add(keys.get(i)).add(op.replace("?", placeholders[i]), values[i])
          .add(" OR (").add(keys.get(i)).add(" = " + placeholders[i] + " AND ", values[i]).add(lex).add("))");
    }
    return new Sql("(").add(missing(key)).add(" = 1 OR (").add(missing(key)).add(" = 0 AND ").add(lex).add("))");
  }

  private static String column(Sort sort) {
    return switch (sort.field()) {
      case "due" -> "a.due_date";
      case "priority" -> "a.priority";
      case "followUp" -> "a.follow_up";
      default -> "a.started_at";
    };
  }

  /** 1 when the row has no number or text at the key (it sorts last), else 0. */
  private Sql missing(String key) {
    Object param = dialect.dataKey(key);
    return new Sql("(CASE WHEN " + dialect.dataIsNumber() + " OR " + dialect.dataIsString() + " THEN 0 ELSE 1 END)",
        param, param);
  }

  /** kind (0 number, 1 otherwise), the number (0 for text), the text in lower case ('' for numbers). */
  private List<Sql> dataKeys(String key) {
    Object param = dialect.dataKey(key);
    return List.of(
        new Sql("(CASE WHEN " + dialect.dataIsNumber() + " THEN 0 ELSE 1 END)", param),
        new Sql("(CASE WHEN " + dialect.dataIsNumber() + " THEN " + dialect.dataNumber() + " ELSE 0 END)", param, param),
        new Sql("(CASE WHEN " + dialect.dataIsString() + " THEN lower(" + dialect.dataText() + ") ELSE '' END)",
            param, param));
  }

  private static String placeholders(int count) {
    return String.join(", ", java.util.Collections.nCopies(count, "?"));
  }

  private static String escapeLike(String text) {
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
  }
}
