package io.github.tomcatlatency.autoconfigure.internal;

import java.util.List;

import org.apache.catalina.Context;
import org.apache.catalina.Valve;

/**
 * What a tomcat-latency feature sets up in the embedded Tomcat. Each Boot line's starter
 * applies every such bean through a customizer of its line's Tomcat factory, ordered
 * after Boot's own.
 */
public interface EmbeddedTomcatSetup {

	/**
	 * Return the valves to add to Tomcat's engine.
	 * @return the valves
	 */
	default List<Valve> engineValves() {
		return List.of();
	}

	/**
	 * Customize the application's context before it starts.
	 * @param context the context
	 */
	default void customize(Context context) {
	}

}
