package io.github.tomcatlatency.warmup.internal.task.data;

import java.util.Optional;

import jakarta.persistence.EntityManager;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.data.jpa.repository.support.JpaRepositoryFactory;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.QueryLookupStrategy.Key;
import org.springframework.data.repository.query.ValueExpressionDelegate;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * Tests for {@link RepositoryLookup}'s check that its repository factory's override still
 * overrides Spring Data's method, against the Spring Data on the class path.
 */
class RepositoryLookupTests {

	private static final String NAME = "getQueryLookupStrategy";

	@Test
	void anOverrideOfTheRunningSpringDatasMethodPasses() {
		assertThatNoException().isThrownBy(() -> RepositoryLookup.requireOverride(Overriding.class, NAME, Key.class,
				ValueExpressionDelegate.class));
	}

	@Test
	void aMethodWhoseSignatureTheSuperclassLacksFailsAsALinkageError() {
		// As the starter's factory would be, compiled against another Spring Data.
		assertThatExceptionOfType(NoSuchMethodError.class)
			.isThrownBy(() -> RepositoryLookup.requireOverride(OtherSignature.class, NAME, Key.class, Object.class))
			.withMessageContaining(NAME)
			.withMessageContaining("no repository of the starter's own is built");
		assertThatExceptionOfType(NoSuchMethodError.class).isThrownBy(() -> RepositoryLookup
			.requireOverride(NothingToOverride.class, NAME, Key.class, ValueExpressionDelegate.class));
	}

	static class Overriding extends JpaRepositoryFactory {

		Overriding(EntityManager entityManager) {
			super(entityManager);
		}

		@Override
		protected Optional<QueryLookupStrategy> getQueryLookupStrategy(@Nullable Key key,
				ValueExpressionDelegate valueExpressionDelegate) {
			return Optional.empty();
		}

	}

	static class OtherSignature extends JpaRepositoryFactory {

		OtherSignature(EntityManager entityManager) {
			super(entityManager);
		}

		protected Optional<QueryLookupStrategy> getQueryLookupStrategy(@Nullable Key key, Object evaluation) {
			return Optional.empty();
		}

	}

	static class NothingToOverride {

		protected Optional<QueryLookupStrategy> getQueryLookupStrategy(@Nullable Key key,
				ValueExpressionDelegate valueExpressionDelegate) {
			return Optional.empty();
		}

	}

}
