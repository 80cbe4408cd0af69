import java.io.IOException;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The parts of native/build.sh that read jars, run as a source file by the build's Java 25
 * (java NativeConfig.java COMMAND ...); each command prints builder options or writes files.
 *
 * <ul>
 *   <li>{@code exports MODULES}: --add-exports of every package of the JDK's modules to MODULES,
 *       what the GraalVM distribution's own native-image launcher grants its builder.
 *   <li>{@code jar-args JAR}: the Args of every META-INF/native-image/.../native-image.properties
 *       in JAR as builder options (that launcher's job too): {@code --initialize-at-*} become
 *       {@code -H:ClassInitialization=NAME:build_time|run_time}, and each folder with
 *       configuration files a {@code -H:ConfigurationResourceRoots}.
 *   <li>{@code config JAR DIR}: reflect-config.json and resource-config.json in DIR for the CLI's
 *       own classes (dev.overdue.*, all their members: picocli and Jackson reach them by
 *       reflection), picocli's (its mixins and built-in commands, read the same way) and those of
 *       {@link #REFLECTED}, and for the CLI's resources; proxy-config.json for the Temporal SDK's
 *       proxies.
 * </ul>
 */
public final class NativeConfig {
  private static final String METADATA = "META-INF/native-image/";

  /**
   * Packages whose classes are all open to reflection: the CLI's and picocli's; the Temporal SDK's
   * client config file (read by Jackson into its classes); gRPC's Netty epoll transport (the
   * channel gRPC picks when the epoll library loads, made by reflection); the Temporal API's error
   * details, which the SDK unpacks from a gRPC status (protobuf's Any.unpack calls their
   * getDefaultInstance by reflection: without it a start of a used request id failed with
   * "Failed to get default instance for class ...WorkflowExecutionAlreadyStartedFailure",
   * NativeCliIdentityIT), and the messages those details and an Update's outcome hold (failure,
   * common, enums, update): protobuf's reflection over a message's fields, when it is printed or
   * read by descriptor, calls each message field's newBuilder (without them a command refused for
   * lack of a permission failed with "io.temporal.api.failure.v1.Failure missing method
   * newBuilder", ClusterAuthIT). Their own metadata lacks the last three.
   */
  private static final List<String> REFLECTED =
      List.of("dev/overdue/", "picocli/", "io/temporal/envconfig/", "io/grpc/netty/shaded/io/netty/channel/epoll/",
          "io/temporal/api/errordetails/", "io/temporal/api/failure/", "io/temporal/api/common/",
          "io/temporal/api/enums/", "io/temporal/api/update/");

  /** Classes of the JDK read by reflection: Jackson looks at the records' superclass. */
  private static final List<String> REFLECTED_JDK = List.of("java.lang.Record");

  public static void main(String[] args) throws IOException {
    switch (args[0]) {
      case "exports" -> exports(args[1]);
      case "jar-args" -> jarArgs(Path.of(args[1]));
      case "config" -> config(Path.of(args[1]), Path.of(args[2]));
      default -> throw new IllegalArgumentException("unknown command " + args[0]);
    }
  }

  private static void exports(String targets) {
    for (ModuleReference module : ModuleFinder.ofSystem().findAll()) {
      String name = module.descriptor().name();
      // The builder brings its own compiler (jdk.graal.compiler from Maven Central).
      if (name.startsWith("jdk.graal.compiler")) {
        continue;
      }
      for (String pkg : new TreeSet<>(module.descriptor().packages())) {
        System.out.println("--add-exports=" + name + "/" + pkg + "=" + targets);
      }
    }
  }

  private static void jarArgs(Path jar) throws IOException {
    List<String> out = new ArrayList<>();
    TreeSet<String> roots = new TreeSet<>();
    Pattern init = Pattern.compile("--initialize-at-(build|run)-time=(.*)");
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (ZipEntry entry : Collections.list(zip.entries())) {
        String name = entry.getName();
        if (!name.startsWith(METADATA) || entry.isDirectory()) {
          continue;
        }
        String folder = name.substring(0, name.lastIndexOf('/'));
        if (name.matches(".*(-config|reachability-metadata)\\.json")) {
          roots.add(folder);
        }
        if (!name.endsWith("/native-image.properties")) {
          continue;
        }
        Properties properties = new Properties();
        properties.load(zip.getInputStream(entry));
        String value = properties.getProperty("Args", "").replace("${.}", folder).strip();
        for (String arg : value.isEmpty() ? new String[0] : value.split("\\s+")) {
          Matcher m = init.matcher(arg);
          if (m.matches()) {
            List<String> rules = new ArrayList<>();
            for (String cls : m.group(2).split(",")) {
              rules.add(cls + ":" + m.group(1) + "_time");
            }
            out.add("-H:ClassInitialization=" + String.join(",", rules));
          } else if (arg.matches("-H:\\w+ConfigurationResources=.*")) {
            // read through ConfigurationResourceRoots below
          } else if (arg.startsWith("-H:")) {
            out.add(arg);
          } else {
            System.err.println("native/build.sh: left out " + arg + " (" + name + ")");
          }
        }
      }
    }
    for (String root : roots) {
      out.add("-H:ConfigurationResourceRoots=" + root);
    }
    out.forEach(System.out::println);
  }

  private static void config(Path jar, Path dir) throws IOException {
    List<String> classes = new ArrayList<>();
    List<String> resources = new ArrayList<>();
    List<String> workflowInterfaces = new ArrayList<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (ZipEntry entry : Collections.list(zip.entries())) {
        String name = entry.getName();
        if (entry.isDirectory()) {
          continue;
        }
        if (REFLECTED.stream().anyMatch(name::startsWith) && name.endsWith(".class")) {
          String cls = name.substring(0, name.length() - ".class".length()).replace('/', '.');
          classes.add(cls);
          if (name.startsWith("dev/overdue/") && new String(zip.getInputStream(entry).readAllBytes(),
              StandardCharsets.ISO_8859_1).contains("Lio/temporal/workflow/WorkflowInterface;")) {
            workflowInterfaces.add(cls);
          }
        } else if (name.startsWith("dev/overdue/") || name.startsWith("META-INF/maven/dev.overdue/")
            || !name.contains("/") && name.endsWith(".properties")) {
          resources.add(name);
        }
      }
    }
    classes.addAll(REFLECTED_JDK);
    StringBuilder reflect = new StringBuilder("[\n");
    for (String cls : classes) {
      reflect.append(reflect.length() > 2 ? ",\n" : "").append("{\"name\":\"").append(cls).append('"')
          .append(",\"allDeclaredConstructors\":true,\"allPublicConstructors\":true")
          .append(",\"allDeclaredMethods\":true,\"allPublicMethods\":true")
          .append(",\"allDeclaredFields\":true,\"allPublicFields\":true")
          .append(",\"allDeclaredClasses\":true,\"allRecordComponents\":true,\"unsafeAllocated\":true}");
    }
    reflect.append("\n]\n");
    StringBuilder resource = new StringBuilder("{\"resources\":{\"includes\":[\n");
    for (String name : resources) {
      resource.append(resource.length() > 30 ? ",\n" : "")
          .append("{\"pattern\":\"\\\\Q").append(name).append("\\\\E\"}");
    }
    resource.append("\n]}}\n");
    // The proxies the Temporal SDK makes: around the service stubs and the client (WorkflowThreadMarker,
    // its own metadata has only the client's), and a typed stub per workflow interface.
    StringBuilder proxy = new StringBuilder("[\n");
    List<String> proxies = new ArrayList<>(List.of(
        "\"io.temporal.serviceclient.WorkflowServiceStubs\"", "\"io.temporal.serviceclient.OperatorServiceStubs\"",
        "\"io.temporal.client.WorkflowClient\""));
    for (String workflow : workflowInterfaces) {
      proxies.add("\"" + workflow + "\",\"io.temporal.internal.sync.StubMarker\"");
    }
    for (String interfaces : proxies) {
      proxy.append(proxy.length() > 2 ? ",\n" : "").append("{\"interfaces\":[").append(interfaces).append("]}");
    }
    proxy.append("\n]\n");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("proxy-config.json"), proxy, StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("reflect-config.json"), reflect, StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("resource-config.json"), resource, StandardCharsets.UTF_8);
    System.err.printf("native/build.sh: reflection on %d classes, %d resources of the CLI's own%n", classes.size(), resources.size());
  }
}
