package dev.overdue.bpmn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The request as YAML: comments where a reader looks, and every value read back as written. */
class RequestTreeTest {
  @Test
  void textThatLooksLikeAnotherTypeIsQuotedAndReadsBackAsText() throws Exception {
    RequestTree.Mapping root = new RequestTree.Mapping()
        .put("a", "yes").put("b", "5").put("c", "2027-01-01").put("d", "=data.x").put("e", "null").put("f", "# not a comment")
        .put("n", 5).put("t", true).put("z", RequestTree.NULL)
        .put("list", RequestTree.Sequence.of(List.of("on", "off", "x: y")));
    String yaml = RequestTree.yaml(root, List.of());
    assertEquals(RequestTree.json(root), new ObjectMapper(new YAMLFactory()).readTree(yaml), yaml);
  }

  @Test
  void commentsGoAboveAKeyAndAfterAListItemsFirstValue() {
    RequestTree.Mapping step = new RequestTree.Mapping().put("name", "manager").put("priority", 3, "camunda:priority 70");
    String yaml = RequestTree.yaml(new RequestTree.Mapping().put("steps", new RequestTree.Sequence().add(step, "BPMN userTask")),
        List.of("header"));
    assertEquals("""
        # header
        steps:
          - name: manager # BPMN userTask
            # camunda:priority 70
            priority: 3
        """, yaml);
  }
}
