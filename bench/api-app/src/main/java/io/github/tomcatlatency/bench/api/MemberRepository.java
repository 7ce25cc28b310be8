package io.github.tomcatlatency.bench.api;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

/**
 * The users of the API.
 */
public interface MemberRepository extends JpaRepository<Member, Long> {

	Optional<Member> findByUsername(String username);

}
