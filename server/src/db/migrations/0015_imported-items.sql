CREATE TABLE `imported_items` (
	`source` text NOT NULL,
	`kind` text NOT NULL,
	`source_key` text NOT NULL,
	`target` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`source`, `kind`, `source_key`)
);
