import { z } from 'zod';
import fr from 'zod/v4/locales/fr.js';

/**
 * Every validation message is French: the fields of Relais give their own, and whatever a schema does not word
 * itself (an unexpected type, an unknown key) reads in French too, in the forms and in the API's answers.
 */
z.config(fr());
