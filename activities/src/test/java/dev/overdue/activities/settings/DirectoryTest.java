package dev.overdue.activities.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipient.Channel;
import dev.overdue.workflow.activities.Recipients;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DirectoryTest {
  private static final Set<String> ENDPOINTS = Set.of("ops-slack");

  private static Person email(String address) {
    return new Person(null, address, null, null, null, null);
  }

  private static Person person(String email, String channel, String webhook) {
    return new Person(null, email, channel, webhook, null, null);
  }

  private static Directory directory(Map<String, Person> users, Map<String, List<String>> groups) {
    return new Directory(users, groups);
  }

  private static Directory sample() {
    Map<String, Person> users = new LinkedHashMap<>();
    users.put("alice", email("alice@example.com"));
    users.put("bob", person(null, "webhook", "ops-slack"));
    users.put("carol", person("carol@example.com", "log", null));
    users.put("dave", person(null, null, null));
    Map<String, List<String>> groups = new LinkedHashMap<>();
    groups.put("leads", List.of("carol", "alice"));
    groups.put("finance", List.of("bob", "leads", "dave"));
    return directory(users, groups);
  }

  private static List<Recipient> resolve(Directory directory, String... to) {
    Recipients recipients = directory.resolve(List.of(to), ENDPOINTS);
    assertEquals(List.of(), recipients.problems());
    return recipients.resolved();
  }

  @Test
  void usersResolveToTheirChannel() {
    assertEquals(
        List.of(
            new Recipient("alice", Channel.EMAIL, "alice@example.com"),
            new Recipient("bob", Channel.WEBHOOK, "ops-slack"),
            new Recipient("carol", Channel.LOG, "carol"),
            new Recipient("dave", Channel.LOG, "dave")),
        resolve(sample(), "alice", "bob", "carol", "dave"));
  }

  @Test
  void channelNameIsCaseInsensitive() {
    Directory directory =
        directory(Map.of("erin", person("erin@example.com", "EMAIL", null)), Map.of());
    assertEquals(
        List.of(new Recipient("erin", Channel.EMAIL, "erin@example.com")), resolve(directory, "erin"));
  }

  @Test
  void groupsExpandInOrderIncludingNestedGroups() {
    assertEquals(
        List.of("bob", "carol", "alice", "dave"),
        resolve(sample(), "finance").stream().map(Recipient::name).toList());
  }

  @Test
  void cyclicGroupsEndWithEachMemberOnce() {
    Directory directory =
        directory(
            Map.of("alice", email("alice@example.com"), "bob", email("bob@example.com")),
            Map.of("a", List.of("alice", "b"), "b", List.of("bob", "a")));
    assertEquals(
        List.of("alice@example.com", "bob@example.com"),
        resolve(directory, "a").stream().map(Recipient::address).toList());
  }

  @Test
  void aGroupWithoutMembersResolvesToNobody() {
    Map<String, List<String>> groups = new LinkedHashMap<>();
    groups.put("empty", null); // what YAML gives for "empty:" with nothing after it
    Directory directory = directory(Map.of("alice", email("alice@example.com")), groups);

    assertEquals(List.of(), directory.problems(ENDPOINTS));
    assertEquals(
        List.of(new Recipient("alice", Channel.EMAIL, "alice@example.com")),
        resolve(directory, "empty", "alice"));
  }

  @Test
  void eachChannelAndAddressOnlyOnceInFirstSeenOrder() {
    List<Recipient> resolved =
        resolve(sample(), "alice", "finance", "email:alice@example.com", "alice@example.com", "webhook:ops-slack");
    assertEquals(
        List.of(
            new Recipient("alice", Channel.EMAIL, "alice@example.com"),
            new Recipient("bob", Channel.WEBHOOK, "ops-slack"),
            new Recipient("carol", Channel.LOG, "carol"),
            new Recipient("dave", Channel.LOG, "dave")),
        resolved);
  }

  @Test
  void sameAddressOnTwoChannelsIsTwoDeliveries() {
    assertEquals(
        List.of(
            new Recipient("carol", Channel.LOG, "carol"),
            new Recipient("carol@example.com", Channel.EMAIL, "carol@example.com")),
        resolve(sample(), "carol", "carol@example.com"));
  }

  @Test
  void addressesEndpointsAndLogNamesNeedNoDirectoryEntry() {
    assertEquals(
        List.of(
            new Recipient("email:zed@example.com", Channel.EMAIL, "zed@example.com"),
            new Recipient("yan@example.com", Channel.EMAIL, "yan@example.com"),
            new Recipient("webhook:ops-slack", Channel.WEBHOOK, "ops-slack"),
            new Recipient("audit", Channel.LOG, "audit")),
        resolve(sample(), "email:zed@example.com", " yan@example.com ", "webhook:ops-slack", "log:audit"));
  }

  @Test
  void badAddressesUnknownEndpointsAndUnknownNamesAreProblems() {
    Recipients recipients =
        sample().resolve(List.of("alice", "email:nobody", "a@b@c", "webhook:pager", "mallory"), ENDPOINTS);
    assertEquals(List.of(new Recipient("alice", Channel.EMAIL, "alice@example.com")), recipients.resolved());
    assertEquals(4, recipients.problems().size(), recipients.problems().toString());
    assertTrue(recipients.problems().get(0).contains("'email:nobody' is not an e-mail address"));
    assertTrue(recipients.problems().get(1).contains("'a@b@c' is not an e-mail address"));
    assertTrue(recipients.problems().get(2).contains("no webhook endpoint 'pager'"));
    assertTrue(recipients.problems().get(3).contains("'mallory' is not a user or group"));
  }

  @Test
  void anEmptyDirectorySendsUnknownNamesToTheLog() {
    Recipients recipients = Directory.EMPTY.resolve(List.of("mallory", "x@y.org", "webhook:pager"), ENDPOINTS);
    assertEquals(
        List.of(
            new Recipient("mallory", Channel.LOG, "mallory"),
            new Recipient("x@y.org", Channel.EMAIL, "x@y.org")),
        recipients.resolved());
    assertEquals(1, recipients.problems().size(), recipients.problems().toString());
  }

  @Test
  void aDirectoryWithOnlyGroupsStillRejectsUnknownNames() {
    Directory directory = directory(Map.of(), Map.of("ops", List.of("ops@example.com")));
    assertEquals(1, directory.resolve(List.of("mallory"), ENDPOINTS).problems().size());
  }

  @Test
  void aValidDirectoryHasNoProblems() {
    assertEquals(List.of(), sample().problems(ENDPOINTS));
  }

  @Test
  void problemsNameTheEntryAndWhatIsWrong() {
    Map<String, Person> users = new LinkedHashMap<>();
    users.put("pager", person(null, "sms", null));
    users.put("nomail", person(null, "email", null));
    users.put("hook", person(null, "webhook", "pagerduty"));
    users.put("boss", new Person(null, "boss@example.com", null, null, "ghost", "Mars/Olympus"));
    users.put("ops", email("ops@example.com"));
    Directory directory =
        directory(users, Map.of("ops", List.of("boss", "nobody", "x@example.com")));

    assertEquals(
        List.of(
            "directory.users.pager: channel must be email, webhook or log: sms",
            "directory.users.nomail: channel email needs an e-mail address",
            "directory.users.hook: webhook 'pagerduty' is not an endpoint under notifications.webhooks",
            "directory.users.boss: manager 'ghost' is not a user",
            "directory.users.boss: timeZone 'Mars/Olympus' is not a time zone",
            "directory.users.ops: also the name of a group",
            "directory.groups.ops: member 'nobody' is neither a user, a group nor an address"),
        directory.problems(ENDPOINTS));
  }

  @Test
  void groupsMayHoldEndpointsAddressesAndLogNamesButOnlyConfiguredEndpoints() {
    Directory directory =
        directory(Map.of(), Map.of("oncall", List.of("webhook:ops-slack", "email:pager@example.com", "log:audit",
            "webhook:pagerduty", "email:nope")));
    assertEquals(
        List.of(
            "directory.groups.oncall: member 'webhook:pagerduty' is not an endpoint under notifications.webhooks",
            "directory.groups.oncall: member 'email:nope' is not an e-mail address"),
        directory.problems(ENDPOINTS));
  }

  @Test
  void knownManagerAndRealTimeZoneAreFine() {
    Directory directory =
        directory(
            Map.of(
                "boss", email("boss@example.com"),
                "ann", new Person("Ann", "ann@example.com", null, null, "boss", "Europe/Berlin")),
            Map.of());
    assertEquals(List.of(), directory.problems(ENDPOINTS));
  }

  /** ann and bea report to boss (e-mail), cid to hook-boss (webhook); boss is also in "leads". */
  private static Directory withManagers() {
    Map<String, Person> users = new LinkedHashMap<>();
    users.put("boss", email("boss@example.com"));
    users.put("hook-boss", person(null, "webhook", "ops-slack"));
    users.put("ann", new Person("Ann", "ann@example.com", null, null, "boss", null));
    users.put("bea", new Person("Bea", null, "log", null, "boss", null));
    users.put("cid", new Person("Cid", "cid@example.com", null, null, "hook-boss", null));
    users.put("loner", email("loner@example.com"));
    Map<String, List<String>> groups = new LinkedHashMap<>();
    groups.put("leads", List.of("boss", "hook-boss"));
    groups.put("escalation", List.of("manager:ann", "manager:cid"));
    return directory(users, groups);
  }

  @Test
  void aManagerEntryReachesTheUsersManagerOnTheManagersChannel() {
    assertEquals(
        List.of(
            new Recipient("boss", Channel.EMAIL, "boss@example.com"),
            new Recipient("hook-boss", Channel.WEBHOOK, "ops-slack")),
        resolve(withManagers(), "manager:ann", " manager: cid "));
  }

  @Test
  void aPersonReachedByNameAndAsAManagerIsOneDelivery() {
    assertEquals(
        List.of(
            new Recipient("boss", Channel.EMAIL, "boss@example.com"),
            new Recipient("ann", Channel.EMAIL, "ann@example.com")),
        resolve(withManagers(), "manager:ann", "ann", "boss", "manager:bea", "email:boss@example.com"));
  }

  @Test
  void aManagerWhoIsAlsoInAGroupIsOneDelivery() {
    assertEquals(
        List.of(
            new Recipient("boss", Channel.EMAIL, "boss@example.com"),
            new Recipient("hook-boss", Channel.WEBHOOK, "ops-slack")),
        resolve(withManagers(), "leads", "manager:ann", "manager:cid"));
    assertEquals(
        List.of(
            new Recipient("boss", Channel.EMAIL, "boss@example.com"),
            new Recipient("hook-boss", Channel.WEBHOOK, "ops-slack")),
        resolve(withManagers(), "manager:bea", "leads"));
  }

  @Test
  void groupsMayHoldManagerEntries() {
    assertEquals(List.of(), withManagers().problems(ENDPOINTS));
    assertEquals(
        List.of(
            new Recipient("boss", Channel.EMAIL, "boss@example.com"),
            new Recipient("hook-boss", Channel.WEBHOOK, "ops-slack")),
        resolve(withManagers(), "escalation", "leads"));
  }

  @Test
  void anUnknownUserOrAUserWithoutManagerIsAProblemNamingTheUser() {
    Recipients recipients =
        withManagers().resolve(
            List.of("manager:ann", "manager:mallory", "manager:loner", "manager:leads", "manager:"), ENDPOINTS);
    assertEquals(List.of(new Recipient("boss", Channel.EMAIL, "boss@example.com")), recipients.resolved());
    assertEquals(
        List.of(
            "'manager:mallory': 'mallory' is not a user in the directory",
            "'manager:loner': loner has no manager in the directory",
            "'manager:leads': 'leads' is a group, and only users have a manager",
            "'manager:': names no user (manager:<user>)"),
        recipients.problems());
  }

  @Test
  void aManagerWhoIsNotAUserIsAProblemNotACrash() {
    // Settings files are checked at load ("manager 'ghost' is not a user"); a directory built in
    // code is not, and must still resolve to a problem.
    Directory directory =
        directory(Map.of("ann", new Person(null, "ann@example.com", null, null, "ghost", null)), Map.of());
    assertEquals(
        List.of("'manager:ann': the manager of ann, 'ghost', is not a user in the directory"),
        directory.resolve(List.of("manager:ann"), ENDPOINTS).problems());
  }

  @Test
  void withoutADirectoryAManagerCannotBeFoundButPlainNamesStillGoToTheLog() {
    Recipients recipients = Directory.EMPTY.resolve(List.of("carol", "manager:carol"), ENDPOINTS);
    assertEquals(List.of(new Recipient("carol", Channel.LOG, "carol")), recipients.resolved());
    assertEquals(List.of("no directory configured: cannot find the manager of carol"), recipients.problems());
  }

  @Test
  void groupMembersThatReachNoManagerAreLoadProblems() {
    Directory directory =
        directory(
            Map.of("ann", email("ann@example.com")),
            Map.of("escalation", List.of("manager:ann", "manager:nobody")));
    assertEquals(
        List.of(
            "directory.groups.escalation: member 'manager:ann': ann has no manager in the directory",
            "directory.groups.escalation: member 'manager:nobody': 'nobody' is not a user in the directory"),
        directory.problems(ENDPOINTS));
  }
}
