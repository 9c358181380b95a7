// Every stylesheet of the public pages, in the cascade order they had when the whole App was the
// browser's entry: the entry imports them here, since it no longer imports the pages (only their islands).
import './styles.css';
import './styles/forms.css';
import './styles/contact.css';
import './styles/about.css';
import './styles/blog.css';
import './styles/home.css';
import './styles/projects.css';
import './styles/services.css';
