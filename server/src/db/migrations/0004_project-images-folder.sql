-- The media library's fixed "Project Images" folder at the root (issue 8): created once, with a known id.
INSERT OR IGNORE INTO `media_folders` (`id`, `name`, `parent_id`) VALUES ('project-images', 'Project Images', NULL);
