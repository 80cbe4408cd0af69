package dev.overdue.http;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI 3.1 document springdoc serves at {@code /v3/api-docs}, made from the controllers
 * themselves; docs/reference/openapi.json is a copy that OpenApiDocumentTest keeps equal to it.
 */
@Configuration
class OpenApiConfiguration {
  @Bean
  OpenAPI overdueApi() {
    return new OpenAPI()
        .info(new Info()
            .title("Overdue task API")
            .version("v1")
            .description("Approvals that wait on people: what a person can act on, and acting on it. Every action is"
                + " an Update the approval's workflow validates; a refusal is its reason, as problem+json (RFC 9457).")
            .license(new License().name("Apache-2.0")))
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
