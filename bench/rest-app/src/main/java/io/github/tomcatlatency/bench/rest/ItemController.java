package io.github.tomcatlatency.bench.rest;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * The application's routes: a plain-text greeting, JSON reads and a JSON write.
 */
@RestController
public class ItemController {

	private final Map<Long, Item> items = new ConcurrentHashMap<>();

	private final AtomicLong ids = new AtomicLong();

	public ItemController() {
		for (String name : new String[] { "kettle", "teapot", "mug" }) {
			long id = this.ids.incrementAndGet();
			this.items.put(id, new Item(id, name, 3));
		}
	}

	@GetMapping("/hello")
	public String hello(@RequestParam(defaultValue = "world") String name) {
		return "Hello, " + name + "!";
	}

	@GetMapping("/items")
	public Collection<Item> items() {
		return this.items.values();
	}

	@GetMapping("/items/{id}")
	public Item item(@PathVariable long id) {
		Item item = this.items.get(id);
		if (item == null) {
			throw new ResponseStatusException(HttpStatus.NOT_FOUND, "No item " + id);
		}
		return item;
	}

	@PostMapping("/items")
	@ResponseStatus(HttpStatus.CREATED)
	public Item create(@RequestBody NewItem item) {
		long id = this.ids.incrementAndGet();
		Item created = new Item(id, item.name(), item.quantity());
		this.items.put(id, created);
		return created;
	}

	public record Item(long id, String name, int quantity) {
	}

	public record NewItem(String name, int quantity) {
	}

}
