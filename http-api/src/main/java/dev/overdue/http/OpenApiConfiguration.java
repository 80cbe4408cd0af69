package dev.overdue.http;

import dev.overdue.http.approvals.ActionDocuments;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import java.util.List;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI 3.1 document springdoc serves at {@code /v3/api-docs}, made from the controllers
 * themselves; docs/reference/openapi.json is a copy that OpenApiDocumentTest keeps equal to it.
 */
@Configuration
class OpenApiConfiguration {
  static {
    // The audit trail's command inputs are free-form JSON (the client library's Jackson 2 trees).
    SpringDocUtils.getConfig().replaceWithSchema(com.fasterxml.jackson.databind.JsonNode.class, new ObjectSchema());
    // The task actions' one route takes any object; ActionDocuments writes each action's body.
    SpringDocUtils.getConfig().replaceWithSchema(tools.jackson.databind.JsonNode.class, new ObjectSchema());
  }

  /** Each task action's entry, from its command's declaration (ActionDocuments). */
  @Bean
  OpenApiCustomizer actionDocuments() {
    return new ActionDocuments();
  }

  /** Which answer fields are required and which may be null; the Idempotency-Key rule (ExactSchemas). */
  @Bean
  OpenApiCustomizer exactSchemas() {
    return new ExactSchemas();
  }

  /** The problem+json answers every call may give, each with the problem's schema (RFC 9457). */
  @Bean
  OpenApiCustomizer problemAnswers() {
    return openApi -> {
      openApi.getComponents().addSchemas("Problem", new ObjectSchema()
          .description("RFC 9457 problem details; field names the input at fault, for bad input.")
          .addProperty("type", new StringSchema().format("uri"))
          .addProperty("title", new StringSchema())
          .addProperty("status", new IntegerSchema())
          .addProperty("detail", new StringSchema())
          .addProperty("instance", new StringSchema().format("uri-reference"))
          .addProperty("field", new StringSchema()));
      openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
        ApiResponses answers = operation.getResponses();
        answers.addApiResponse("400", problem("Bad input: the parameter or body field named by field"));
        answers.addApiResponse("401", problem("No valid bearer token (or, in development mode, no X-Overdue-User)"));
        answers.addApiResponse("429", problem("More requests a second than one caller may send; see Retry-After"));
        if (path.startsWith("/api/v1/approvals/{id}")) {
          answers.addApiResponse("404", problem("No such approval, or none the caller may see"));
        }
        if (method == PathItem.HttpMethod.POST) {
          answers.addApiResponse("409", problem("Refused by the workflow (its reason in detail), or the id (a saved view's name) is taken"));
          answers.addApiResponse("413", problem("The body is larger than the API takes"));
          answers.addApiResponse("504", problem("The workflow did not answer in time; a retry with the same Idempotency-Key is safe"));
        }
        if (path.equals("/api/v1/approvals") && method == PathItem.HttpMethod.POST) {
          answers.addApiResponse("422", problem("The request breaks the workflow's rules: detail names every problem"));
        }
        if (path.equals("/api/v1/tasks")) {
          answers.addApiResponse("403", problem("view=all is for administrators"));
        }
        if (path.startsWith("/api/v1/views/{id}")) {
          answers.addApiResponse("404", problem("No such saved view, or none the caller may see"));
        }
        if (path.startsWith("/api/v1/views") && !(path.equals("/api/v1/views") && method == PathItem.HttpMethod.GET)) {
          answers.addApiResponse("403", problem("A group not the caller's, another's view, or view=all for others"));
        }
      }));
    };
  }

  private static ApiResponse problem(String description) {
    return new ApiResponse().description(description).content(new Content().addMediaType("application/problem+json",
        new MediaType().schema(new Schema<>().$ref("#/components/schemas/Problem"))));
  }

  @Bean
  OpenAPI openApiDocument() {
    return new OpenAPI()
        .info(new Info()
            .title("Overdue task API")
            .version("v1")
            .description("Approvals that wait on people: what a person can act on, and acting on it. Every action is"
                + " an Update the approval's workflow validates; a refusal is its reason, as problem+json (RFC 9457).")
            // OpenAPI 3.1's SPDX identifier beside the name: generators validate the document and want it.
            .license(new License().name("Apache-2.0").identifier("Apache-2.0")))
        .servers(List.of(new Server().url("/").description("this API")))
        .components(new Components()
            .addSecuritySchemes("bearer", new SecurityScheme()
                .type(SecurityScheme.Type.HTTP).scheme("bearer").bearerFormat("JWT")
                .description("An access token from the organisation's OpenID Connect provider."))
            .addSecuritySchemes("developmentUser", new SecurityScheme()
                .type(SecurityScheme.Type.APIKEY).in(SecurityScheme.In.HEADER).name("X-Overdue-User")
                .description("Development mode only (no provider configured, loopback): the caller's user name.")))
        .addSecurityItem(new SecurityRequirement().addList("bearer"))
        .addSecurityItem(new SecurityRequirement().addList("developmentUser"));
  }
}
