package io.github.tomcatlatency;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import io.github.tomcatlatency.internal.Milliseconds;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that the public API of core and of the shared auto-configurations, every public
 * type outside a package named {@code internal} (docs/api.md), names no type of such a
 * package in what an application sees of it: its supertypes and the signatures of its
 * public and protected constructors, methods and fields.
 */
class PublicApiTests {

	private static final String ROOT = "io.github.tomcatlatency";

	@Test
	void publicApiNamesNoInternalType() throws Exception {
		List<Class<?>> api = apiTypes();
		// Both modules' types are read: the test cannot pass on an empty scan.
		assertThat(api).extracting(Class::getName)
			.contains("io.github.tomcatlatency.statistics.RequestStatistics",
					"io.github.tomcatlatency.autoconfigure.report.TomcatLatencyEndpoint");
		Set<String> leaks = new TreeSet<>();
		api.forEach((type) -> leaks.addAll(internalTypesNamedBy(type)));
		assertThat(leaks).isEmpty();
	}

	@Test
	void aSignatureNamingAnInternalTypeIsFound() {
		assertThat(internalTypesNamedBy(Leaking.class)).containsExactly(
				"io.github.tomcatlatency.PublicApiTests$Leaking.round(double) names " + Milliseconds.class.getName());
	}

	private static List<Class<?>> apiTypes() throws IOException, ClassNotFoundException {
		ClassLoader classLoader = PublicApiTests.class.getClassLoader();
		Resource[] resources = new PathMatchingResourcePatternResolver(classLoader)
			.getResources("classpath*:" + ROOT.replace('.', '/') + "/**/*.class");
		List<Class<?>> types = new ArrayList<>();
		for (Resource resource : resources) {
			String url = resource.getURL().toString();
			if (url.contains("/test-classes/")) {
				continue;
			}
			String name = url.substring(url.lastIndexOf(ROOT.replace('.', '/'))).replace('/', '.');
			Class<?> type = Class.forName(name.substring(0, name.length() - ".class".length()), false, classLoader);
			if (isApi(type)) {
				types.add(type);
			}
		}
		return types;
	}

	private static boolean isApi(Class<?> type) {
		for (Class<?> enclosing = type; enclosing != null; enclosing = enclosing.getEnclosingClass()) {
			if (!Modifier.isPublic(enclosing.getModifiers()) || enclosing.isAnonymousClass()) {
				return false;
			}
		}
		return !isInternal(type);
	}

	private static boolean isInternal(Class<?> type) {
		String name = type.getPackageName() + ".";
		return name.startsWith(ROOT + ".") && name.contains(".internal.");
	}

	private static List<String> internalTypesNamedBy(Class<?> type) {
		List<String> leaks = new ArrayList<>();
		check(type.getName() + " extends", leaks, type.getGenericSuperclass());
		check(type.getName() + " implements", leaks, type.getGenericInterfaces());
		for (Constructor<?> constructor : type.getDeclaredConstructors()) {
			if (visible(constructor.getModifiers())) {
				check(signature(type, constructor), leaks, constructor.getGenericParameterTypes());
				check(signature(type, constructor), leaks, constructor.getGenericExceptionTypes());
			}
		}
		for (Method method : type.getDeclaredMethods()) {
			if (visible(method.getModifiers()) && !method.isSynthetic() && !method.isBridge()) {
				check(signature(type, method), leaks, method.getGenericReturnType());
				check(signature(type, method), leaks, method.getGenericParameterTypes());
				check(signature(type, method), leaks, method.getGenericExceptionTypes());
			}
		}
		for (Field field : type.getDeclaredFields()) {
			if (visible(field.getModifiers()) && !field.isSynthetic()) {
				check(type.getName() + "." + field.getName(), leaks, field.getGenericType());
			}
		}
		return leaks;
	}

	private static boolean visible(int modifiers) {
		return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
	}

	private static String signature(Class<?> type, Executable executable) {
		String name = (executable instanceof Constructor) ? "<init>" : executable.getName();
		return type.getName() + "." + name
				+ Arrays.stream(executable.getParameterTypes())
					.map(Class::getSimpleName)
					.reduce((a, b) -> a + ", " + b)
					.map((parameters) -> "(" + parameters + ")")
					.orElse("()");
	}

	private static void check(String where, List<String> leaks, Type... types) {
		for (Type type : types) {
			Set<Class<?>> named = new HashSet<>();
			collect(type, named, new HashSet<>());
			named.stream()
				.filter(PublicApiTests::isInternal)
				.map((internal) -> where + " names " + internal.getName())
				.sorted()
				.forEach(leaks::add);
		}
	}

	private static void collect(Type type, Set<Class<?>> named, Set<Type> seen) {
		if (type == null || !seen.add(type)) {
			return;
		}
		if (type instanceof Class<?> plain && plain.isArray()) {
			collect(plain.getComponentType(), named, seen);
		}
		else if (type instanceof Class<?> plain) {
			named.add(plain);
		}
		else if (type instanceof ParameterizedType parameterized) {
			collect(parameterized.getRawType(), named, seen);
			Stream.of(parameterized.getActualTypeArguments()).forEach((argument) -> collect(argument, named, seen));
		}
		else if (type instanceof WildcardType wildcard) {
			Stream.of(wildcard.getUpperBounds()).forEach((bound) -> collect(bound, named, seen));
			Stream.of(wildcard.getLowerBounds()).forEach((bound) -> collect(bound, named, seen));
		}
		else if (type instanceof GenericArrayType array) {
			collect(array.getGenericComponentType(), named, seen);
		}
		else if (type instanceof TypeVariable<?> variable) {
			Stream.of(variable.getBounds()).forEach((bound) -> collect(bound, named, seen));
		}
	}

	/**
	 * A public type whose method names an internal one.
	 */
	public static final class Leaking {

		public Milliseconds round(double value) {
			return null;
		}

	}

}
