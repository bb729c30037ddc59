// Generated from clients/typescript/openapi.json by `npm run openapi`: do not edit.

export interface paths {
    "/v2/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get notes
         * @description Lists the notes the caller may read, newest first unless `near`, `q` or `sort` orders them otherwise: public notes for anyone, and with a `readall` token also the non-public notes its user may see. Filter with `bbox`, `near`/`radius`, `q`, `tag`, `author`, `since`/`until`; page with `offset` and `limit` (at most 100), going on by following `nextUrl`, whose `cursor` keeps deep pages fast. `format=geojson` (or `Accept: application/geo+json`) answers a GeoJSON FeatureCollection.
         */
        get: operations["listNotes"];
        put?: never;
        /**
         * Create a note
         * @description Posts a note by the token's user (scope `notes`) and answers 201 with the note and its path in `Location`. `message`, `latitude` and `longitude` are required; to attach a JPEG, PNG or WebP image, send `multipart/form-data` with the file in `image_file` (or `image`). A repeat with the same `Idempotency-Key` gets the first answer again instead of making a second note.
         */
        post: operations["createNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a note
         * @description Returns one note. Anyone may read a public note; a non-public one needs a token with `readall` held by its author (or, for `recipients`, by a recipient) and is 404 to everyone else. A read of a public note by anyone but its author counts in `publicViewsCount`.
         */
        get: operations["getNote"];
        /**
         * Edit a note
         * @description Changes a note; only its author may, with scope `notes`. Fields not sent keep their values; a new `image_file` replaces the image, and an empty one or `removeImage=true` removes it. With `If-Match`, the change is made only while the note's `ETag` still matches (412 otherwise); the answer carries the new `ETag`.
         */
        put: operations["updateNote"];
        post?: never;
        /**
         * Delete a note
         * @description Deletes a note with its comments, favorites, finds, notemap memberships and image file; only its author may, with scope `delete`. With `If-Match`, the note is deleted only while its `ETag` still matches (412 otherwise).
         */
        delete: operations["deleteNote"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/by_username/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user by username
         * @description Returns a user's profile by username, ignoring case; anyone may call, and an unknown username is 404. The counts of the user's lists cover only what the caller may see; `associations=none` returns only the basic fields.
         */
        get: operations["getUsersByUsername"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/me/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export everything you made (a ZIP)
         * @description Streams a ZIP (`application/zip`) of everything the token's user made (scope `readall`): `profile.json`, `notes.geojson` (a FeatureCollection of all their notes, every visibility, at the exact positions), `comments.json`, `notemaps.json`, `relations.json` (favorites, finds, and follows of users, notemaps and places) and `images/<key>` for their note images and avatar. The archive is written as it is downloaded, so its size is not known in advance.
         */
        get: operations["exportMyAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user
         * @description Returns a user's profile; anyone may call, and an unknown id is 404. The counts of the user's lists cover only what the caller may see; `associations=none` returns only the basic fields.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/{user_id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's notes
         * @description Lists the notes a user wrote that the caller may read: public notes for anyone, and with a `readall` token also the non-public notes its user may see; an unknown user is 404. Takes every note-list parameter (`bbox`, `near`, `q`, `tag`, `sort`, `format`, …); follow `nextUrl`, with its `cursor`, for the next page.
         */
        get: operations["listUserNotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/me/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload your avatar (multipart field `avatar`, or `image_file`/`image`)
         * @description Sets the token's user's avatar (scope `write`), replacing any they had, and answers 200 with their User, whose `avatar.hasAvatar` is now true. Send `multipart/form-data` with a JPEG, PNG or WebP file of at most 20 MiB; its metadata is removed.
         */
        put: operations["updateUsersMeAvatar"];
        post?: never;
        /**
         * Remove your avatar
         * @description Removes the token's user's uploaded avatar and its file (scope `write`); 404 when they have none. Their `avatar.urlRoot` then answers 404.
         */
        delete: operations["deleteUsersMeAvatar"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A note's image (the `urlRoot` of its `image`)
         * @description Returns the JPEG, PNG or WebP file of a note's image. No token is needed: anyone with the URL may fetch it, its key being 128 random bits. A new upload always gets a new URL, so the file is cached for a year (`immutable`); a matching `If-None-Match` gets 304.
         */
        get: operations["getImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/avatars/{hash}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's uploaded avatar (the `urlRoot` of its `avatar`)
         * @description Returns the avatar a user uploaded (`hash` is the MD5 of their e-mail, as Gravatar uses it), or 404 while they have none; no token is needed. The URL stays the same when the avatar changes, so it is cached for 5 minutes and revalidated by `ETag` (a matching `If-None-Match` gets 304).
         */
        get: operations["getAvatar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{id}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tags of a note
         * @description Lists the tags of a note the caller may read, by name, each with the number of notes the caller may read that carry it; anyone may call for a public note, and a note the caller may not read is 404. Paged with `offset`/`limit`.
         */
        get: operations["listNoteTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/tags/{tag_name}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notes with a tag
         * @description Lists the notes carrying a tag that the caller may read: public notes for anyone, and with a `readall` token also the non-public notes its user may see. The name is normalised (`#Coffee` is `coffee`), and a tag no such note carries is 404. Takes every note-list parameter (`bbox`, `near`, `q`, `sort`, `format`, …); follow `nextUrl`, with its `cursor`, for the next page.
         */
        get: operations["listTagNotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{id}/favoriters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users who favorited a note
         * @description Lists the users who favorited a note the caller may read, newest favorite first; anyone may call for a public note, and a note the caller may not read is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listNoteFavoriters"];
        put?: never;
        /**
         * Favorite a note
         * @description The token's user (scope `write`) favorites a note they may read. The first favorite answers 201, a repeat 200 and adds nothing; the answer holds no data.
         */
        post: operations["createNoteFavoriter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{id}/favoriters/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unfavorite a note
         * @description Removes the token's user's favorite of a note (scope `write`): `:user_id` must be the token's user (403 otherwise), and it is 404 when the note is not their favorite.
         */
        delete: operations["deleteNoteFavoriter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{id}/favorites/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unfavorite a note (the same as …/favoriters/:user_id)
         * @description The same as `…/favoriters/:user_id`. Removes the token's user's favorite of a note (scope `write`): `:user_id` must be the token's user (403 otherwise), and it is 404 when the note is not their favorite.
         */
        delete: operations["deleteNoteFavorite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/{user_id}/favorites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's favorite notes
         * @description Lists the notes a user favorited that the caller may read, by default newest note first: public notes for anyone, and with a `readall` token also the non-public notes its user may see; an unknown user is 404. Takes every note-list parameter (`bbox`, `near`, `q`, `tag`, `sort`, `format`, …); follow `nextUrl`, with its `cursor`, for the next page.
         */
        get: operations["listUserFavorites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{id}/finders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users that found a note
         * @description Lists the users who marked a note the caller may read as found ("I found this place"), newest first; anyone may call for a public note, and a note the caller may not read is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listNoteFinders"];
        put?: never;
        /**
         * Mark a note found
         * @description The token's user (scope `write`) marks a note they may read as found. The first mark answers 201, a repeat 200 and adds nothing; the answer holds no data.
         */
        post: operations["createNoteFinder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{id}/finders/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unmark a note found
         * @description Removes the token's user's mark of a note as found (scope `write`): `:user_id` must be the token's user (403 otherwise), and it is 404 when they had not marked the note.
         */
        delete: operations["deleteNoteFinder"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{note_id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Comments of a note (oldest first)
         * @description Lists the comments of a note the caller may read, oldest first; anyone may call for a public note, and a note the caller may not read is 404. Paged with `offset`/`limit`, but a page also ends early once its comments' text would pass 4 MiB (it always holds at least one): follow `nextUrl`, which continues from the next comment.
         */
        get: operations["listNoteComments"];
        put?: never;
        /**
         * Create a comment
         * @description Comments on a note the caller may read, as the token's user (scope `write`), and answers 201 with the comment and its path in `Location`. `comment` is required (at most 16,777,215 characters), `title` optional (at most 50). A repeat with the same `Idempotency-Key` gets the first answer again instead of adding a second comment.
         */
        post: operations["createNoteComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{note_id}/comments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a comment
         * @description Returns one comment of a note the caller may read; anyone may call for a public note. 404 when the note does not exist or the caller may not read it, or when the comment is not on that note.
         */
        get: operations["getNoteComment"];
        /**
         * Edit a comment (its author)
         * @description Changes a comment; only its author may, with scope `write`. `comment` is required, and a `title` not sent is kept. With `If-Match`, the change is made only while the comment's `ETag` still matches (412 otherwise); the answer carries the new `ETag`.
         */
        put: operations["updateNoteComment"];
        post?: never;
        /**
         * Delete a comment (its author or the note's author)
         * @description Deletes a comment and its favorites; the comment's author or the note's author may, with scope `write` (403 for anyone else). With `If-Match`, the comment is deleted only while its `ETag` still matches (412 otherwise).
         */
        delete: operations["deleteNoteComment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{note_id}/comments/{id}/favoriters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Favorite a comment
         * @description The token's user (scope `write`) favorites a comment on a note they may read. The first favorite answers 201, a repeat 200 and adds nothing; the answer holds no data.
         */
        post: operations["createNoteCommentFavoriter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{note_id}/comments/{id}/favoriters/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unfavorite a comment (the token’s user)
         * @description Removes the token's user's favorite of a comment (scope `write`): `:user_id` must be the token's user (403 otherwise), and it is 404 when the comment is not their favorite.
         */
        delete: operations["deleteNoteCommentFavoriter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{note_id}/comments/{id}/favorites/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unfavorite a comment (alias)
         * @description The same as `DELETE …/comments/:id/favoriters/:user_id`. Removes the token's user's favorite of a comment (scope `write`): `:user_id` must be the token's user (403 otherwise), and it is 404 when the comment is not their favorite.
         */
        delete: operations["deleteNoteCommentFavorite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notemaps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get notemaps
         * @description Lists every notemap, newest first; anyone may call. The counts of each notemap's lists cover only what the caller may see. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listNotemaps"];
        put?: never;
        /**
         * Create a notemap
         * @description Creates a notemap whose creator is the token's user (scope `write`) and answers 201 with it and its path in `Location`. `name` is required (1–100 characters), `description` optional (at most 2,000). A repeat with the same `Idempotency-Key` gets the first answer again instead of making a second notemap.
         */
        post: operations["createNotemap"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notemaps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a notemap
         * @description Returns one notemap; anyone may call. The counts of its lists cover only what the caller may see, and its `image` is the image of its most recently added note that has one and that the caller may read.
         */
        get: operations["getNotemap"];
        /**
         * Edit a notemap
         * @description Renames a notemap and sets its description; only its creator may, with scope `write`. `name` is required, and a `description` not sent is kept. With `If-Match`, the change is made only while the notemap's `ETag` still matches (412 otherwise); the answer carries the new `ETag`.
         */
        put: operations["updateNotemap"];
        post?: never;
        /**
         * Delete a notemap
         * @description Deletes a notemap with its memberships and follows (its notes stay); only its creator may, with scope `write`. With `If-Match`, the notemap is deleted only while its `ETag` still matches (412 otherwise).
         */
        delete: operations["deleteNotemap"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notemaps/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notes of a notemap
         * @description Lists the notes of a notemap, as far as the caller may read them: public notes for anyone, and with a `readall` token also the non-public notes its user may see; an unknown notemap is 404. Takes every note-list parameter (`bbox`, `near`, `q`, `tag`, `sort`, `format`, …); follow `nextUrl`, with its `cursor`, for the next page.
         */
        get: operations["listNotemapNotes"];
        put?: never;
        /**
         * Add a note to a notemap (201; 200 when it is already there)
         * @description Adds the note `note_id` to a notemap; only the notemap's creator may, with scope `write`, and only a note they may read (404 otherwise). Answers 201 when the note is added, 200 when it was already there (nothing changes); the answer holds no data.
         */
        post: operations["createNotemapNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notemaps/{id}/notes_with_images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notes of a notemap that carry an image
         * @description Lists the notes of a notemap that carry an image, as far as the caller may read them: public notes for anyone, and with a `readall` token also the non-public notes its user may see; an unknown notemap is 404. Takes every note-list parameter (`bbox`, `near`, `q`, `tag`, `sort`, `format`, …); follow `nextUrl`, with its `cursor`, for the next page.
         */
        get: operations["listNotemapNotesWithImages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notemaps/{id}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tags used in the notes of a notemap (the 20 most used)
         * @description Lists the 20 tags most used among the notemap's notes that the caller may read, most used first, then by name; anyone may call, and an unknown notemap is 404. `count` is the size of that short list, which `offset`/`limit` page through.
         */
        get: operations["listNotemapTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notemaps/{id}/notes/{note_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a note from a notemap
         * @description Takes a note out of a notemap (the note itself stays); only the notemap's creator may, with scope `write`. 404 when the notemap does not hold the note.
         */
        delete: operations["deleteNotemapNote"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notemaps/{id}/authors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authors of a notemap: its creator and the authors of its notes
         * @description Lists the creator of a notemap first, then the authors of its notes that the caller may read. Anyone may call; an unknown notemap is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listNotemapAuthors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notemaps/{id}/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Followers of a notemap
         * @description Lists the users who follow a notemap, newest follow first. Anyone may call; an unknown notemap is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listNotemapFollowers"];
        put?: never;
        /**
         * Follow a notemap (201; 200 when already following)
         * @description The token's user (scope `write`) follows a notemap. The first follow answers 201, a repeat 200 and adds nothing; the answer holds no data.
         */
        post: operations["createNotemapFollower"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notemaps/{id}/followers/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unfollow a notemap (the token's user only)
         * @description Ends the token's user's follow of a notemap (scope `write`): `:user_id` must be the token's user (403 otherwise), and it is 404 when they do not follow the notemap.
         */
        delete: operations["deleteNotemapFollower"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notes/{id}/notemaps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notemaps holding a note
         * @description Lists the notemaps that hold a note the caller may read, newest first; anyone may call for a public note, and a note the caller may not read is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listNoteNotemaps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/{user_id}/notemaps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's notemaps
         * @description Lists the notemaps a user created, newest first. Anyone may call; an unknown user is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listUserNotemaps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/{user_id}/followed_notemaps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notemaps a user follows
         * @description Lists the notemaps a user follows, newest first. Anyone may call; an unknown user is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listUserFollowedNotemaps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/{user_id}/followed_maps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notemaps a user follows (the same as followed_notemaps)
         * @description The same as `/v2/users/:user_id/followed_notemaps`: lists the notemaps a user follows, newest first. Anyone may call; an unknown user is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listUserFollowedMaps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/{user_id}/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users that follow the user
         * @description Lists the users who follow a user, newest follower first. Follows are public: anyone may call, every caller sees the same list, and an unknown user is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listUserFollowers"];
        put?: never;
        /**
         * Follow a user
         * @description The token's user (scope `contacts`) follows the user `:user_id`. The first follow answers 201, a repeat 200 and adds nothing; following yourself is 400 and an unknown user 404.
         */
        post: operations["createUserFollower"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/{user_id}/following": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users the user follows
         * @description Lists the users a user follows, newest follow first. Follows are public: anyone may call, every caller sees the same list, and an unknown user is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listUserFollowing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/{user_id}/followers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unfollow a user (sent by the follower), or remove a follower (sent by the followed user)
         * @description Ends the follow of user `:user_id` by user `:id`, with scope `contacts`: sent by the follower `:id` it unfollows, sent by the followed user `:user_id` it removes a follower; anyone else gets 403. 404 when there is no such follow.
         */
        delete: operations["deleteUserFollower"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/me/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users you block
         * @description Lists the users the token's user blocks (scope `read`), the most recent block first. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listUsersMeBlocks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/me/blocks/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Block a user
         * @description The token's user (scope `write`) blocks the user `:user_id`. The first block answers 201, a repeat 200 and adds nothing; blocking yourself is 400 and an unknown user 404. A new block ends the follows between the two users, of each other and of each other's notemaps. While a block stands, in either direction, neither user sees the other's notes, comments or notemaps (404 as if absent), following the other or naming them as a recipient is 403, and the other's lists are empty; the user resource stays readable.
         */
        put: operations["updateUsersMeBlock"];
        post?: never;
        /**
         * Unblock a user
         * @description Ends the token's user's block of user `:user_id` (scope `write`); 404 when there is no such block. Follows ended by the block do not come back.
         */
        delete: operations["deleteUsersMeBlock"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/places": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find places
         * @description Lists the places the caller can see (those with a note the caller may read), newest first; anyone may call. `city`, `state` and `country` look places up, ignoring case (an empty value matches places without that part); `q` finds words of the name; `near` (with `radius`) and `bbox` keep the places whose centre, as the caller sees it, lies in the area. Paged with `offset`/`limit`.
         */
        get: operations["listPlaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/places/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a place
         * @description Returns one place, summed up over the notes at it that the caller may read; anyone may call. A place with no note the caller may read is 404, like a private note.
         */
        get: operations["getPlace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/places/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notes at a place
         * @description Lists the notes at a place that the caller may read: public notes for anyone, and with a `readall` token also the non-public notes its user may see; a place the caller cannot see is 404. Takes every note-list parameter (`bbox`, `near`, `q`, `tag`, `sort`, `format`, …); follow `nextUrl`, with its `cursor`, for the next page.
         */
        get: operations["listPlaceNotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/places/{id}/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users that follow a place
         * @description Lists the users who follow a place, newest follow first; anyone may call, and a place the caller cannot see is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listPlaceFollowers"];
        put?: never;
        /**
         * Follow a place
         * @description The token's user (scope `write`) follows a place they can see. The first follow answers 201, a repeat 200 and adds nothing; the answer holds no data.
         */
        post: operations["createPlaceFollower"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/places/{id}/followers/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unfollow a place
         * @description Ends the token's user's follow of a place (scope `write`): `:user_id` must be the token's user (403 otherwise), and it is 404 when they do not follow the place. A follower may leave a place whose notes they can no longer read.
         */
        delete: operations["deletePlaceFollower"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/{user_id}/followed_places": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Places a user follows
         * @description Lists the places a user follows that the caller can see, most recent follow first; anyone may call, and an unknown user is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.
         */
        get: operations["listUserFollowedPlaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent notes by the users and notemaps the token's user follows
         * @description The signed-in user's feed: the notes they may read by the users they follow and in the notemaps they follow, by default newest first. Needs a token (scope `read`, always granted); without one it is 401. Takes every note-list parameter (`bbox`, `near`, `q`, `tag`, `sort`, `format`, …); follow `nextUrl`, with its `cursor`, for the next page.
         */
        get: operations["listFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What changed since a cursor (the change feed)
         * @description The notes whose state changed after `since` (created, edited, deleted, visibility or recipients changed, added to or taken from a notemap), oldest change first, each once with its latest state: `upsert` with the Note when the caller may read it and it matches the filters, else `delete`. Without `since` the feed starts at the beginning and lists only notes that exist. Any token or none; non-public notes need `readall`. Keep `meta.cursor` and ask again with `since` set to it; follow `nextUrl` until it is null to catch up. An unknown cursor is 400 (`since`).
         */
        get: operations["listChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get your webhooks
         * @description The subscriptions of the token's user and application (scope `read`), oldest first; never their secrets.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe to events (a webhook)
         * @description Subscribes the token's user and application (scope `read`) to `events`, delivered by POST to `url`, signed by the Standard Webhooks scheme. Note events honour the filters (`bbox`, `near`+`radius`, `notemap_id`, `author`) and what the user may read (non-public notes only when the token holds `readall`, and only while the application's live tokens of the user still do). The subscription lasts as long as the application holds a live access or refresh token of the user: when the last is revoked or expires, it is deleted. `url` must be https, or http to a public address: a host that resolves to a private, loopback or link-local address, or an IPv6 address embedding an IPv4 one, is 400 (`url`). Answers 201 with the subscription and its `secret`, shown only here. At most 100 per user and application.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook
         * @description One subscription of the token's user and application (scope `read`); another's is 404.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description Ends a subscription of the token's user and application (scope `read`); deliveries not made yet are dropped.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook's delivery attempts
         * @description The attempts to deliver to one subscription of the token's user and application (scope `read`), newest first, paged like every list (`offset`, `limit`; `meta.count` is how many attempts the log holds, kept 7 days): the event's id and type, the attempt's number, the receiver's status or the error, and when.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/access_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange an authorization code or a refresh token for an access token
         * @description RFC 6749 §4.1.3 and §6, with PKCE (RFC 7636): `grant_type` is `authorization_code` (with `code`, `redirect_uri` and, when the authorization asked for one, `code_verifier`) or `refresh_token` (with `refresh_token`, and `scope` to narrow it). The client authenticates by HTTP Basic or by `client_id` and `client_secret` in the form, not both; a public client sends `client_id` only. Answers carry `Cache-Control: no-store`.
         */
        post: operations["createAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an access token or a refresh token
         * @description RFC 7009: the client that holds the token revokes it (and, for a refresh token, the access tokens issued from it). The answer is 200 whether the token was valid or not. The client authenticates as on the token endpoint.
         */
        post: operations["revokeToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            meta: {
                http_status: number;
                error: {
                    /** @enum {unknown} */
                    type: "bad_request" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "precondition_failed" | "idempotency_key_reused" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "internal" | "unavailable";
                    message: string;
                    fields?: {
                        name: string;
                        problem: string;
                    }[];
                    requestId?: string;
                };
            };
        };
        NotePlace: {
            id: number;
            name: string;
            link: string;
        };
        Avatar: {
            hasAvatar: boolean;
            hash: string;
            urlRoot: string;
        };
        Association: {
            meta: {
                count: number;
                nextUrl: string;
            };
        };
        NoteImage: {
            originalHeight: number;
            originalWidth: number;
            urlRoot: string;
        };
        Tag: {
            id: number;
            link: string;
            name: string;
            notes: components["schemas"]["Association"];
        };
        UserSummary: {
            avatar: components["schemas"]["Avatar"];
            id: number;
            link: string;
            name: string | null;
            username: string;
        };
        UserListItem: {
            avatar: components["schemas"]["Avatar"];
            id: number;
            link: string;
            name: string | null;
            username: string;
            description: string | null;
        };
        Place: {
            id: number;
            name: string;
            city: string | null;
            state: string | null;
            country: string | null;
            isoCountryCode: string | null;
            latitude: number;
            longitude: number;
            link: string;
            notes: components["schemas"]["Association"];
            followers: components["schemas"]["Association"];
        };
        Comment: {
            author: components["schemas"]["UserSummary"];
            comment: string;
            createdAt: number;
            currentUserData: {
                canFavorite: boolean;
                isFavorited: boolean;
            };
            favoritersCount: number;
            id: number;
            title: string | null;
            updatedAt: number;
        };
        Location: {
            city: string;
            country: string;
            isoCountryCode: string;
            latitude: number;
            longitude: number;
            /** @description null when not given; null for everyone but the note's author when its `locationPrecision` is `city`. */
            neighborhood: string | null;
            /** @description null when not given; null for everyone but the note's author when its `locationPrecision` is `neighborhood` or `city`. */
            postalCode: string | null;
            state: string;
            /** @description null when not given; null for everyone but the note's author when its `locationPrecision` is `neighborhood` or `city`. */
            street: string | null;
            /** @description `""` when not given; null for everyone but the note's author when its `locationPrecision` is `street`, `neighborhood` or `city`. */
            streetAddress: string | null;
            /** @description null when not given; null for everyone but the note's author when its `locationPrecision` is `street`, `neighborhood` or `city`. */
            streetNumber: string | null;
            zoomLevel: number;
        };
        User: {
            avatar: components["schemas"]["Avatar"];
            id: number;
            link: string;
            name: string;
            username: string;
            description: string;
            blogUrl?: string;
            favorites?: components["schemas"]["Association"];
            followedNotemaps?: components["schemas"]["Association"];
            followedPlaces?: components["schemas"]["Association"];
            followers?: components["schemas"]["Association"];
            following?: components["schemas"]["Association"];
            hometown?: string;
            notemaps?: components["schemas"]["Association"];
            notes?: components["schemas"]["Association"];
            publicPlacesCount?: number;
            twitter?: string;
        };
        Notemap: {
            author: components["schemas"]["UserSummary"];
            authors: components["schemas"]["Association"];
            createdAt: number;
            currentUserData: {
                isFollowing: boolean;
            };
            description: string;
            followers: components["schemas"]["Association"];
            id: number;
            image: components["schemas"]["NoteImage"] | null;
            lastNoteAddedAt: number | null;
            link: string;
            name: string;
            notes: components["schemas"]["Association"];
            notesWithImages: components["schemas"]["Association"];
            tags: components["schemas"]["Association"];
        };
        Note: {
            author: components["schemas"]["UserSummary"];
            comments: components["schemas"]["Association"];
            createdAt: number;
            currentUserData: {
                canComment: boolean;
                canFavorite: boolean;
                isFavorited: boolean;
                isFound: boolean;
            };
            depiction: null;
            /** @description `streetAddress` (else `streetNumber` and `street`), `city`, `state`, `country`: those the caller sees, joined by `, `. */
            displayAddress: string;
            favoriters: components["schemas"]["Association"];
            finders: components["schemas"]["Association"];
            id: number;
            image: components["schemas"]["NoteImage"] | null;
            implicit_title: string;
            link: string;
            location: components["schemas"]["Location"];
            /** @description Given to the note's author only: how precisely everyone else sees its location. For `street`, `neighborhood` and `city` they see the centre of a fixed grid cell of about 100 m, 1 km or 10 km, and null for the address fields that would pin it closer: `streetNumber` and `streetAddress` from `street` on, also `street` and `postalCode` from `neighborhood` on, also `neighborhood` at `city`. The author sees it exactly, with every field. */
            locationPrecision?: string;
            message: string;
            notemaps: components["schemas"]["Association"];
            /** @description The place the note's city, state and country name (`GET /v2/places/:id`); null when it names none of them. */
            place: components["schemas"]["NotePlace"] | null;
            publicViewsCount: number;
            tags: components["schemas"]["Association"];
            title: string;
            updatedAt: number;
            visibility: string;
        };
        ListedNote: {
            author: components["schemas"]["UserSummary"];
            comments: components["schemas"]["Association"];
            createdAt: number;
            currentUserData: {
                canComment: boolean;
                canFavorite: boolean;
                isFavorited: boolean;
                isFound: boolean;
            };
            depiction: null;
            /** @description `streetAddress` (else `streetNumber` and `street`), `city`, `state`, `country`: those the caller sees, joined by `, `. */
            displayAddress: string;
            favoriters: components["schemas"]["Association"];
            finders: components["schemas"]["Association"];
            id: number;
            image: components["schemas"]["NoteImage"] | null;
            implicit_title: string;
            link: string;
            location: components["schemas"]["Location"];
            /** @description Given to the note's author only: how precisely everyone else sees its location. For `street`, `neighborhood` and `city` they see the centre of a fixed grid cell of about 100 m, 1 km or 10 km, and null for the address fields that would pin it closer: `streetNumber` and `streetAddress` from `street` on, also `street` and `postalCode` from `neighborhood` on, also `neighborhood` at `city`. The author sees it exactly, with every field. */
            locationPrecision?: string;
            message: string;
            notemaps: components["schemas"]["Association"];
            /** @description The place the note's city, state and country name (`GET /v2/places/:id`); null when it names none of them. */
            place: components["schemas"]["NotePlace"] | null;
            publicViewsCount: number;
            tags: components["schemas"]["Association"];
            title: string;
            updatedAt: number;
            visibility: string;
            /** @description Great-circle metres from `near` (only with `near`). */
            distance?: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listNotes: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous page's `nextUrl`, as given (a page then costs the same at any depth; `offset` only numbers it). */
                cursor?: string;
                /** @description Notes inside `minLon,minLat,maxLon,maxLat` (degrees); minLon > maxLon crosses the antimeridian. */
                bbox?: string;
                /** @description Notes within `radius` of `lat,lon`, nearest first, each with `distance`. */
                near?: string;
                /** @description Metres around `near` (default 1000, at most 50000). */
                radius?: number;
                /** @description Words to find in the title and message (English stems too). */
                q?: string;
                /** @description Only notes with this tag. */
                tag?: string;
                /** @description Only notes by this user (id or username). */
                author?: string;
                /** @description Created at or after (Unix seconds). */
                since?: number;
                /** @description Created at or before (Unix seconds). */
                until?: number;
                /** @description `recent` (default), `nearest` (needs `near`; its default), `popular`. */
                sort?: "recent" | "nearest" | "popular";
                /** @description `geojson` answers a GeoJSON FeatureCollection (as `Accept: application/geo+json` does). */
                format?: "json" | "geojson";
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": true,
                     *               "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *               "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *             },
                     *             "id": 1,
                     *             "link": "https://placenotes.example.org/users/alice",
                     *             "name": "Alice Example",
                     *             "username": "alice"
                     *           },
                     *           "comments": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/comments"
                     *             }
                     *           },
                     *           "createdAt": 1777626180,
                     *           "currentUserData": {
                     *             "canComment": false,
                     *             "canFavorite": false,
                     *             "isFavorited": false,
                     *             "isFound": false
                     *           },
                     *           "depiction": null,
                     *           "displayAddress": "Berlin, Berlin, Germany",
                     *           "favoriters": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/favoriters"
                     *             }
                     *           },
                     *           "finders": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/finders"
                     *             }
                     *           },
                     *           "id": 2,
                     *           "image": null,
                     *           "implicit_title": "A bench with the whole city at your feet.",
                     *           "link": "https://placenotes.example.org/notes/2",
                     *           "location": {
                     *             "city": "Berlin",
                     *             "country": "Germany",
                     *             "isoCountryCode": "DE",
                     *             "latitude": 52.4874,
                     *             "longitude": 13.3865,
                     *             "neighborhood": null,
                     *             "postalCode": null,
                     *             "state": "Berlin",
                     *             "street": null,
                     *             "streetAddress": "",
                     *             "streetNumber": null,
                     *             "zoomLevel": 15
                     *           },
                     *           "message": "A bench with the whole city at your feet.",
                     *           "notemaps": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/notemaps"
                     *             }
                     *           },
                     *           "place": {
                     *             "id": 1,
                     *             "name": "Berlin, Berlin, Germany",
                     *             "link": "https://placenotes.example.org/places/1"
                     *           },
                     *           "publicViewsCount": 0,
                     *           "tags": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/2/tags"
                     *             }
                     *           },
                     *           "title": "A bench with the whole city at your feet.",
                     *           "updatedAt": 1777626180,
                     *           "visibility": "public"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 2,
                     *         "nextUrl": "/v2/notes?offset=1&limit=1&cursor=eyJvIjoicmVjZW50IiwiayI6W10sInQiOjE3Nzc2MjYxODAwMDAwMDAsImkiOjJ9"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ListedNote"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                    "application/geo+json": {
                        /** @enum {string} */
                        type: "FeatureCollection";
                        features: {
                            /** @enum {string} */
                            type: "Feature";
                            id: number;
                            geometry: {
                                /** @enum {string} */
                                type: "Point";
                                /** @description [longitude, latitude] */
                                coordinates: number[];
                            };
                            properties: components["schemas"]["ListedNote"];
                        }[];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description A new random key (a UUID) per request: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "The best flat white in Kreuzberg, and a quiet garden at the back. #coffee",
                 *       "title": "Café am Kanal",
                 *       "latitude": 52.4959,
                 *       "longitude": 13.4219,
                 *       "street": "Paul-Lincke-Ufer",
                 *       "streetNumber": "44",
                 *       "city": "Berlin",
                 *       "state": "Berlin",
                 *       "postalCode": "10999",
                 *       "country": "Germany",
                 *       "isoCountryCode": "DE",
                 *       "tags": [
                 *         "coffee",
                 *         "garden"
                 *       ]
                 *     }
                 */
                "multipart/form-data": {
                    message: string;
                    title?: string | null;
                    /** @enum {string} */
                    visibility?: "public" | "recipients" | "self" | "private";
                    /** @description `exact` (the default), `street`, `neighborhood` or `city`: how precisely everyone but the author sees the location. */
                    locationPrecision?: string;
                    recipients?: (number | string)[] | string;
                    tags?: string[] | string;
                    location?: {
                        latitude?: number;
                        longitude?: number;
                        street?: string | null;
                        streetNumber?: string | null;
                        streetAddress?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        state?: string | null;
                        postalCode?: string | null;
                        country?: string | null;
                        isoCountryCode?: string | null;
                        zoomLevel?: number | null;
                    };
                    latitude: number;
                    longitude: number;
                    street?: string | null;
                    streetNumber?: string | null;
                    streetAddress?: string | null;
                    neighborhood?: string | null;
                    city?: string | null;
                    state?: string | null;
                    postalCode?: string | null;
                    country?: string | null;
                    isoCountryCode?: string | null;
                    zoomLevel?: number | null;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. Width and height are read from it; EXIF (GPS included) is removed. Empty removes the image. */
                    image_file?: unknown;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. The same as image_file. */
                    image?: unknown;
                    removeImage?: boolean;
                };
                /**
                 * @example {
                 *       "message": "The best flat white in Kreuzberg, and a quiet garden at the back. #coffee",
                 *       "title": "Café am Kanal",
                 *       "latitude": 52.4959,
                 *       "longitude": 13.4219,
                 *       "street": "Paul-Lincke-Ufer",
                 *       "streetNumber": "44",
                 *       "city": "Berlin",
                 *       "state": "Berlin",
                 *       "postalCode": "10999",
                 *       "country": "Germany",
                 *       "isoCountryCode": "DE",
                 *       "tags": [
                 *         "coffee",
                 *         "garden"
                 *       ]
                 *     }
                 */
                "application/json": {
                    message: string;
                    title?: string | null;
                    /** @enum {string} */
                    visibility?: "public" | "recipients" | "self" | "private";
                    /** @description `exact` (the default), `street`, `neighborhood` or `city`: how precisely everyone but the author sees the location. */
                    locationPrecision?: string;
                    recipients?: (number | string)[] | string;
                    tags?: string[] | string;
                    location?: {
                        latitude?: number;
                        longitude?: number;
                        street?: string | null;
                        streetNumber?: string | null;
                        streetAddress?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        state?: string | null;
                        postalCode?: string | null;
                        country?: string | null;
                        isoCountryCode?: string | null;
                        zoomLevel?: number | null;
                    };
                    latitude: number;
                    longitude: number;
                    street?: string | null;
                    streetNumber?: string | null;
                    streetAddress?: string | null;
                    neighborhood?: string | null;
                    city?: string | null;
                    state?: string | null;
                    postalCode?: string | null;
                    country?: string | null;
                    isoCountryCode?: string | null;
                    zoomLevel?: number | null;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. Width and height are read from it; EXIF (GPS included) is removed. Empty removes the image. */
                    image_file?: unknown;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. The same as image_file. */
                    image?: unknown;
                    removeImage?: boolean;
                };
                /**
                 * @example {
                 *       "message": "The best flat white in Kreuzberg, and a quiet garden at the back. #coffee",
                 *       "title": "Café am Kanal",
                 *       "latitude": 52.4959,
                 *       "longitude": 13.4219,
                 *       "street": "Paul-Lincke-Ufer",
                 *       "streetNumber": "44",
                 *       "city": "Berlin",
                 *       "state": "Berlin",
                 *       "postalCode": "10999",
                 *       "country": "Germany",
                 *       "isoCountryCode": "DE",
                 *       "tags": [
                 *         "coffee",
                 *         "garden"
                 *       ]
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    message: string;
                    title?: string | null;
                    /** @enum {string} */
                    visibility?: "public" | "recipients" | "self" | "private";
                    /** @description `exact` (the default), `street`, `neighborhood` or `city`: how precisely everyone but the author sees the location. */
                    locationPrecision?: string;
                    recipients?: (number | string)[] | string;
                    tags?: string[] | string;
                    location?: {
                        latitude?: number;
                        longitude?: number;
                        street?: string | null;
                        streetNumber?: string | null;
                        streetAddress?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        state?: string | null;
                        postalCode?: string | null;
                        country?: string | null;
                        isoCountryCode?: string | null;
                        zoomLevel?: number | null;
                    };
                    latitude: number;
                    longitude: number;
                    street?: string | null;
                    streetNumber?: string | null;
                    streetAddress?: string | null;
                    neighborhood?: string | null;
                    city?: string | null;
                    state?: string | null;
                    postalCode?: string | null;
                    country?: string | null;
                    isoCountryCode?: string | null;
                    zoomLevel?: number | null;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. Width and height are read from it; EXIF (GPS included) is removed. Empty removes the image. */
                    image_file?: unknown;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. The same as image_file. */
                    image?: unknown;
                    removeImage?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "author": {
                     *           "avatar": {
                     *             "hasAvatar": false,
                     *             "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *             "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *           },
                     *           "id": 1,
                     *           "link": "https://placenotes.example.org/users/alice",
                     *           "name": "Alice Example",
                     *           "username": "alice"
                     *         },
                     *         "comments": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/notes/1/comments"
                     *           }
                     *         },
                     *         "createdAt": 1777626120,
                     *         "currentUserData": {
                     *           "canComment": true,
                     *           "canFavorite": true,
                     *           "isFavorited": false,
                     *           "isFound": false
                     *         },
                     *         "depiction": null,
                     *         "displayAddress": "44 Paul-Lincke-Ufer, Berlin, Berlin, Germany",
                     *         "favoriters": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/notes/1/favoriters"
                     *           }
                     *         },
                     *         "finders": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/notes/1/finders"
                     *           }
                     *         },
                     *         "id": 1,
                     *         "image": null,
                     *         "implicit_title": "The best flat white in Kreuzberg, and a quiet garden at the…",
                     *         "link": "https://placenotes.example.org/notes/1",
                     *         "location": {
                     *           "city": "Berlin",
                     *           "country": "Germany",
                     *           "isoCountryCode": "DE",
                     *           "latitude": 52.4959,
                     *           "longitude": 13.4219,
                     *           "neighborhood": null,
                     *           "postalCode": "10999",
                     *           "state": "Berlin",
                     *           "street": "Paul-Lincke-Ufer",
                     *           "streetAddress": "",
                     *           "streetNumber": "44",
                     *           "zoomLevel": 15
                     *         },
                     *         "message": "The best flat white in Kreuzberg, and a quiet garden at the back. #coffee",
                     *         "notemaps": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/notes/1/notemaps"
                     *           }
                     *         },
                     *         "place": {
                     *           "id": 1,
                     *           "name": "Berlin, Berlin, Germany",
                     *           "link": "https://placenotes.example.org/places/1"
                     *         },
                     *         "publicViewsCount": 0,
                     *         "tags": {
                     *           "meta": {
                     *             "count": 2,
                     *             "nextUrl": "/v2/notes/1/tags"
                     *           }
                     *         },
                     *         "title": "Café am Kanal",
                     *         "updatedAt": 1777626120,
                     *         "visibility": "public",
                     *         "locationPrecision": "exact"
                     *       },
                     *       "meta": {
                     *         "http_status": 201
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Note"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has a content type the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "author": {
                     *           "avatar": {
                     *             "hasAvatar": true,
                     *             "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *             "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *           },
                     *           "id": 1,
                     *           "link": "https://placenotes.example.org/users/alice",
                     *           "name": "Alice Example",
                     *           "username": "alice"
                     *         },
                     *         "comments": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notes/1/comments"
                     *           }
                     *         },
                     *         "createdAt": 1777626120,
                     *         "currentUserData": {
                     *           "canComment": false,
                     *           "canFavorite": false,
                     *           "isFavorited": false,
                     *           "isFound": false
                     *         },
                     *         "depiction": null,
                     *         "displayAddress": "44 Paul-Lincke-Ufer, Berlin, Berlin, Germany",
                     *         "favoriters": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notes/1/favoriters"
                     *           }
                     *         },
                     *         "finders": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notes/1/finders"
                     *           }
                     *         },
                     *         "id": 1,
                     *         "image": null,
                     *         "implicit_title": "The best flat white in Kreuzberg, and a quiet garden at the…",
                     *         "link": "https://placenotes.example.org/notes/1",
                     *         "location": {
                     *           "city": "Berlin",
                     *           "country": "Germany",
                     *           "isoCountryCode": "DE",
                     *           "latitude": 52.4959,
                     *           "longitude": 13.4219,
                     *           "neighborhood": null,
                     *           "postalCode": "10999",
                     *           "state": "Berlin",
                     *           "street": "Paul-Lincke-Ufer",
                     *           "streetAddress": "",
                     *           "streetNumber": "44",
                     *           "zoomLevel": 15
                     *         },
                     *         "message": "The best flat white in Kreuzberg, and a quiet garden at the back. #coffee",
                     *         "notemaps": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notes/1/notemaps"
                     *           }
                     *         },
                     *         "place": {
                     *           "id": 1,
                     *           "name": "Berlin, Berlin, Germany",
                     *           "link": "https://placenotes.example.org/places/1"
                     *         },
                     *         "publicViewsCount": 0,
                     *         "tags": {
                     *           "meta": {
                     *             "count": 2,
                     *             "nextUrl": "/v2/notes/1/tags"
                     *           }
                     *         },
                     *         "title": "Café am Kanal",
                     *         "updatedAt": 1777626120,
                     *         "visibility": "public"
                     *       },
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Note"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` the change is based on: 412 `precondition_failed` if the resource changed since */
                "if-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Café am Kanal (closed Mondays)",
                 *       "tags": [
                 *         "coffee",
                 *         "garden",
                 *         "cake"
                 *       ]
                 *     }
                 */
                "multipart/form-data": {
                    message?: string;
                    title?: string | null;
                    /** @enum {string} */
                    visibility?: "public" | "recipients" | "self" | "private";
                    /** @description `exact` (the default), `street`, `neighborhood` or `city`: how precisely everyone but the author sees the location. */
                    locationPrecision?: string;
                    recipients?: (number | string)[] | string;
                    tags?: string[] | string;
                    location?: {
                        latitude?: number;
                        longitude?: number;
                        street?: string | null;
                        streetNumber?: string | null;
                        streetAddress?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        state?: string | null;
                        postalCode?: string | null;
                        country?: string | null;
                        isoCountryCode?: string | null;
                        zoomLevel?: number | null;
                    };
                    latitude?: number;
                    longitude?: number;
                    street?: string | null;
                    streetNumber?: string | null;
                    streetAddress?: string | null;
                    neighborhood?: string | null;
                    city?: string | null;
                    state?: string | null;
                    postalCode?: string | null;
                    country?: string | null;
                    isoCountryCode?: string | null;
                    zoomLevel?: number | null;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. Width and height are read from it; EXIF (GPS included) is removed. Empty removes the image. */
                    image_file?: unknown;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. The same as image_file. */
                    image?: unknown;
                    removeImage?: boolean;
                };
                /**
                 * @example {
                 *       "title": "Café am Kanal (closed Mondays)",
                 *       "tags": [
                 *         "coffee",
                 *         "garden",
                 *         "cake"
                 *       ]
                 *     }
                 */
                "application/json": {
                    message?: string;
                    title?: string | null;
                    /** @enum {string} */
                    visibility?: "public" | "recipients" | "self" | "private";
                    /** @description `exact` (the default), `street`, `neighborhood` or `city`: how precisely everyone but the author sees the location. */
                    locationPrecision?: string;
                    recipients?: (number | string)[] | string;
                    tags?: string[] | string;
                    location?: {
                        latitude?: number;
                        longitude?: number;
                        street?: string | null;
                        streetNumber?: string | null;
                        streetAddress?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        state?: string | null;
                        postalCode?: string | null;
                        country?: string | null;
                        isoCountryCode?: string | null;
                        zoomLevel?: number | null;
                    };
                    latitude?: number;
                    longitude?: number;
                    street?: string | null;
                    streetNumber?: string | null;
                    streetAddress?: string | null;
                    neighborhood?: string | null;
                    city?: string | null;
                    state?: string | null;
                    postalCode?: string | null;
                    country?: string | null;
                    isoCountryCode?: string | null;
                    zoomLevel?: number | null;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. Width and height are read from it; EXIF (GPS included) is removed. Empty removes the image. */
                    image_file?: unknown;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. The same as image_file. */
                    image?: unknown;
                    removeImage?: boolean;
                };
                /**
                 * @example {
                 *       "title": "Café am Kanal (closed Mondays)",
                 *       "tags": [
                 *         "coffee",
                 *         "garden",
                 *         "cake"
                 *       ]
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    message?: string;
                    title?: string | null;
                    /** @enum {string} */
                    visibility?: "public" | "recipients" | "self" | "private";
                    /** @description `exact` (the default), `street`, `neighborhood` or `city`: how precisely everyone but the author sees the location. */
                    locationPrecision?: string;
                    recipients?: (number | string)[] | string;
                    tags?: string[] | string;
                    location?: {
                        latitude?: number;
                        longitude?: number;
                        street?: string | null;
                        streetNumber?: string | null;
                        streetAddress?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        state?: string | null;
                        postalCode?: string | null;
                        country?: string | null;
                        isoCountryCode?: string | null;
                        zoomLevel?: number | null;
                    };
                    latitude?: number;
                    longitude?: number;
                    street?: string | null;
                    streetNumber?: string | null;
                    streetAddress?: string | null;
                    neighborhood?: string | null;
                    city?: string | null;
                    state?: string | null;
                    postalCode?: string | null;
                    country?: string | null;
                    isoCountryCode?: string | null;
                    zoomLevel?: number | null;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. Width and height are read from it; EXIF (GPS included) is removed. Empty removes the image. */
                    image_file?: unknown;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. The same as image_file. */
                    image?: unknown;
                    removeImage?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "author": {
                     *           "avatar": {
                     *             "hasAvatar": true,
                     *             "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *             "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *           },
                     *           "id": 1,
                     *           "link": "https://placenotes.example.org/users/alice",
                     *           "name": "Alice Example",
                     *           "username": "alice"
                     *         },
                     *         "comments": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notes/1/comments"
                     *           }
                     *         },
                     *         "createdAt": 1777626120,
                     *         "currentUserData": {
                     *           "canComment": true,
                     *           "canFavorite": true,
                     *           "isFavorited": false,
                     *           "isFound": false
                     *         },
                     *         "depiction": null,
                     *         "displayAddress": "44 Paul-Lincke-Ufer, Berlin, Berlin, Germany",
                     *         "favoriters": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notes/1/favoriters"
                     *           }
                     *         },
                     *         "finders": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notes/1/finders"
                     *           }
                     *         },
                     *         "id": 1,
                     *         "image": null,
                     *         "implicit_title": "The best flat white in Kreuzberg, and a quiet garden at the…",
                     *         "link": "https://placenotes.example.org/notes/1",
                     *         "location": {
                     *           "city": "Berlin",
                     *           "country": "Germany",
                     *           "isoCountryCode": "DE",
                     *           "latitude": 52.4959,
                     *           "longitude": 13.4219,
                     *           "neighborhood": null,
                     *           "postalCode": "10999",
                     *           "state": "Berlin",
                     *           "street": "Paul-Lincke-Ufer",
                     *           "streetAddress": "",
                     *           "streetNumber": "44",
                     *           "zoomLevel": 15
                     *         },
                     *         "message": "The best flat white in Kreuzberg, and a quiet garden at the back. #coffee",
                     *         "notemaps": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notes/1/notemaps"
                     *           }
                     *         },
                     *         "place": {
                     *           "id": 1,
                     *           "name": "Berlin, Berlin, Germany",
                     *           "link": "https://placenotes.example.org/places/1"
                     *         },
                     *         "publicViewsCount": 0,
                     *         "tags": {
                     *           "meta": {
                     *             "count": 3,
                     *             "nextUrl": "/v2/notes/1/tags"
                     *           }
                     *         },
                     *         "title": "Café am Kanal (closed Mondays)",
                     *         "updatedAt": 1777629000,
                     *         "visibility": "public",
                     *         "locationPrecision": "exact"
                     *       },
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Note"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description If-Match does not hold: the resource changed (the current ETag is in the headers) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has a content type the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` the change is based on: 412 `precondition_failed` if the resource changed since */
                "if-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description If-Match does not hold: the resource changed (the current ETag is in the headers) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsersByUsername: {
        parameters: {
            query?: {
                /** @description `none` returns only the basic fields */
                associations?: string;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "avatar": {
                     *           "hasAvatar": true,
                     *           "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *           "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *         },
                     *         "id": 1,
                     *         "link": "https://placenotes.example.org/users/alice",
                     *         "name": "Alice Example",
                     *         "username": "alice",
                     *         "description": "",
                     *         "blogUrl": "",
                     *         "favorites": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/users/1/favorites"
                     *           }
                     *         },
                     *         "followedNotemaps": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/users/1/followed_notemaps"
                     *           }
                     *         },
                     *         "followedPlaces": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/users/1/followed_places"
                     *           }
                     *         },
                     *         "followers": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/users/1/followers"
                     *           }
                     *         },
                     *         "following": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/users/1/following"
                     *           }
                     *         },
                     *         "hometown": "",
                     *         "notemaps": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/users/1/notemaps"
                     *           }
                     *         },
                     *         "notes": {
                     *           "meta": {
                     *             "count": 2,
                     *             "nextUrl": "/v2/users/1/notes"
                     *           }
                     *         },
                     *         "publicPlacesCount": 1,
                     *         "twitter": ""
                     *       },
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["User"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportMyAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ZIP archive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: {
                /** @description `none` returns only the basic fields */
                associations?: string;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "avatar": {
                     *           "hasAvatar": true,
                     *           "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *           "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *         },
                     *         "id": 1,
                     *         "link": "https://placenotes.example.org/users/alice",
                     *         "name": "Alice Example",
                     *         "username": "alice",
                     *         "description": "",
                     *         "blogUrl": "",
                     *         "favorites": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/users/1/favorites"
                     *           }
                     *         },
                     *         "followedNotemaps": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/users/1/followed_notemaps"
                     *           }
                     *         },
                     *         "followedPlaces": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/users/1/followed_places"
                     *           }
                     *         },
                     *         "followers": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/users/1/followers"
                     *           }
                     *         },
                     *         "following": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/users/1/following"
                     *           }
                     *         },
                     *         "hometown": "",
                     *         "notemaps": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/users/1/notemaps"
                     *           }
                     *         },
                     *         "notes": {
                     *           "meta": {
                     *             "count": 2,
                     *             "nextUrl": "/v2/users/1/notes"
                     *           }
                     *         },
                     *         "publicPlacesCount": 1,
                     *         "twitter": ""
                     *       },
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["User"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUserNotes: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous page's `nextUrl`, as given (a page then costs the same at any depth; `offset` only numbers it). */
                cursor?: string;
                /** @description Notes inside `minLon,minLat,maxLon,maxLat` (degrees); minLon > maxLon crosses the antimeridian. */
                bbox?: string;
                /** @description Notes within `radius` of `lat,lon`, nearest first, each with `distance`. */
                near?: string;
                /** @description Metres around `near` (default 1000, at most 50000). */
                radius?: number;
                /** @description Words to find in the title and message (English stems too). */
                q?: string;
                /** @description Only notes with this tag. */
                tag?: string;
                /** @description Only notes by this user (id or username). */
                author?: string;
                /** @description Created at or after (Unix seconds). */
                since?: number;
                /** @description Created at or before (Unix seconds). */
                until?: number;
                /** @description `recent` (default), `nearest` (needs `near`; its default), `popular`. */
                sort?: "recent" | "nearest" | "popular";
                /** @description `geojson` answers a GeoJSON FeatureCollection (as `Accept: application/geo+json` does). */
                format?: "json" | "geojson";
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": true,
                     *               "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *               "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *             },
                     *             "id": 1,
                     *             "link": "https://placenotes.example.org/users/alice",
                     *             "name": "Alice Example",
                     *             "username": "alice"
                     *           },
                     *           "comments": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/comments"
                     *             }
                     *           },
                     *           "createdAt": 1777626180,
                     *           "currentUserData": {
                     *             "canComment": false,
                     *             "canFavorite": false,
                     *             "isFavorited": false,
                     *             "isFound": false
                     *           },
                     *           "depiction": null,
                     *           "displayAddress": "Berlin, Berlin, Germany",
                     *           "favoriters": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/favoriters"
                     *             }
                     *           },
                     *           "finders": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/finders"
                     *             }
                     *           },
                     *           "id": 2,
                     *           "image": null,
                     *           "implicit_title": "A bench with the whole city at your feet.",
                     *           "link": "https://placenotes.example.org/notes/2",
                     *           "location": {
                     *             "city": "Berlin",
                     *             "country": "Germany",
                     *             "isoCountryCode": "DE",
                     *             "latitude": 52.4874,
                     *             "longitude": 13.3865,
                     *             "neighborhood": null,
                     *             "postalCode": null,
                     *             "state": "Berlin",
                     *             "street": null,
                     *             "streetAddress": "",
                     *             "streetNumber": null,
                     *             "zoomLevel": 15
                     *           },
                     *           "message": "A bench with the whole city at your feet.",
                     *           "notemaps": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/notemaps"
                     *             }
                     *           },
                     *           "place": {
                     *             "id": 1,
                     *             "name": "Berlin, Berlin, Germany",
                     *             "link": "https://placenotes.example.org/places/1"
                     *           },
                     *           "publicViewsCount": 0,
                     *           "tags": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/2/tags"
                     *             }
                     *           },
                     *           "title": "A bench with the whole city at your feet.",
                     *           "updatedAt": 1777626180,
                     *           "visibility": "public"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 2,
                     *         "nextUrl": "/v2/users/1/notes?offset=1&limit=1&cursor=eyJvIjoicmVjZW50IiwiayI6W10sInQiOjE3Nzc2MjYxODAwMDAwMDAsImkiOjJ9"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ListedNote"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                    "application/geo+json": {
                        /** @enum {string} */
                        type: "FeatureCollection";
                        features: {
                            /** @enum {string} */
                            type: "Feature";
                            id: number;
                            geometry: {
                                /** @enum {string} */
                                type: "Point";
                                /** @description [longitude, latitude] */
                                coordinates: number[];
                            };
                            properties: components["schemas"]["ListedNote"];
                        }[];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateUsersMeAvatar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. The new avatar; EXIF is removed. */
                    avatar?: unknown;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. The same as avatar. */
                    image_file?: unknown;
                    /** @description A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. The same as avatar. */
                    image?: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "avatar": {
                     *           "hasAvatar": true,
                     *           "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *           "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *         },
                     *         "id": 1,
                     *         "link": "https://placenotes.example.org/users/alice",
                     *         "name": "Alice Example",
                     *         "username": "alice",
                     *         "description": "",
                     *         "blogUrl": "",
                     *         "favorites": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/users/1/favorites"
                     *           }
                     *         },
                     *         "followedNotemaps": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/users/1/followed_notemaps"
                     *           }
                     *         },
                     *         "followedPlaces": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/users/1/followed_places"
                     *           }
                     *         },
                     *         "followers": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/users/1/followers"
                     *           }
                     *         },
                     *         "following": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/users/1/following"
                     *           }
                     *         },
                     *         "hometown": "",
                     *         "notemaps": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/users/1/notemaps"
                     *           }
                     *         },
                     *         "notes": {
                     *           "meta": {
                     *             "count": 2,
                     *             "nextUrl": "/v2/users/1/notes"
                     *           }
                     *         },
                     *         "publicPlacesCount": 1,
                     *         "twitter": ""
                     *       },
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["User"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has a content type the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteUsersMeAvatar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file; `ETag` and `Cache-Control` let clients keep it (304 on `If-None-Match`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAvatar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                hash: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file; `ETag` and `Cache-Control` let clients keep it (304 on `If-None-Match`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNoteTags: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "link": "https://placenotes.example.org/tags/coffee",
                     *           "name": "coffee",
                     *           "notes": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/tags/coffee/notes"
                     *             }
                     *           }
                     *         },
                     *         {
                     *           "id": 2,
                     *           "link": "https://placenotes.example.org/tags/garden",
                     *           "name": "garden",
                     *           "notes": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/tags/garden/notes"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 2,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Tag"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTagNotes: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous page's `nextUrl`, as given (a page then costs the same at any depth; `offset` only numbers it). */
                cursor?: string;
                /** @description Notes inside `minLon,minLat,maxLon,maxLat` (degrees); minLon > maxLon crosses the antimeridian. */
                bbox?: string;
                /** @description Notes within `radius` of `lat,lon`, nearest first, each with `distance`. */
                near?: string;
                /** @description Metres around `near` (default 1000, at most 50000). */
                radius?: number;
                /** @description Words to find in the title and message (English stems too). */
                q?: string;
                /** @description Only notes with this tag. */
                tag?: string;
                /** @description Only notes by this user (id or username). */
                author?: string;
                /** @description Created at or after (Unix seconds). */
                since?: number;
                /** @description Created at or before (Unix seconds). */
                until?: number;
                /** @description `recent` (default), `nearest` (needs `near`; its default), `popular`. */
                sort?: "recent" | "nearest" | "popular";
                /** @description `geojson` answers a GeoJSON FeatureCollection (as `Accept: application/geo+json` does). */
                format?: "json" | "geojson";
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                tag_name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": true,
                     *               "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *               "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *             },
                     *             "id": 1,
                     *             "link": "https://placenotes.example.org/users/alice",
                     *             "name": "Alice Example",
                     *             "username": "alice"
                     *           },
                     *           "comments": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/1/comments"
                     *             }
                     *           },
                     *           "createdAt": 1777626120,
                     *           "currentUserData": {
                     *             "canComment": false,
                     *             "canFavorite": false,
                     *             "isFavorited": false,
                     *             "isFound": false
                     *           },
                     *           "depiction": null,
                     *           "displayAddress": "44 Paul-Lincke-Ufer, Berlin, Berlin, Germany",
                     *           "favoriters": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/1/favoriters"
                     *             }
                     *           },
                     *           "finders": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/1/finders"
                     *             }
                     *           },
                     *           "id": 1,
                     *           "image": null,
                     *           "implicit_title": "The best flat white in Kreuzberg, and a quiet garden at the…",
                     *           "link": "https://placenotes.example.org/notes/1",
                     *           "location": {
                     *             "city": "Berlin",
                     *             "country": "Germany",
                     *             "isoCountryCode": "DE",
                     *             "latitude": 52.4959,
                     *             "longitude": 13.4219,
                     *             "neighborhood": null,
                     *             "postalCode": "10999",
                     *             "state": "Berlin",
                     *             "street": "Paul-Lincke-Ufer",
                     *             "streetAddress": "",
                     *             "streetNumber": "44",
                     *             "zoomLevel": 15
                     *           },
                     *           "message": "The best flat white in Kreuzberg, and a quiet garden at the back. #coffee",
                     *           "notemaps": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/1/notemaps"
                     *             }
                     *           },
                     *           "place": {
                     *             "id": 1,
                     *             "name": "Berlin, Berlin, Germany",
                     *             "link": "https://placenotes.example.org/places/1"
                     *           },
                     *           "publicViewsCount": 0,
                     *           "tags": {
                     *             "meta": {
                     *               "count": 2,
                     *               "nextUrl": "/v2/notes/1/tags"
                     *             }
                     *           },
                     *           "title": "Café am Kanal",
                     *           "updatedAt": 1777626120,
                     *           "visibility": "public"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ListedNote"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                    "application/geo+json": {
                        /** @enum {string} */
                        type: "FeatureCollection";
                        features: {
                            /** @enum {string} */
                            type: "Feature";
                            id: number;
                            geometry: {
                                /** @enum {string} */
                                type: "Point";
                                /** @description [longitude, latitude] */
                                coordinates: number[];
                            };
                            properties: components["schemas"]["ListedNote"];
                        }[];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNoteFavoriters: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "avatar": {
                     *             "hasAvatar": false,
                     *             "hash": "81b637d8fcd2c6da6359e6963113a117",
                     *             "urlRoot": "https://placenotes.example.org/avatars/81b637d8fcd2c6da6359e6963113a117"
                     *           },
                     *           "id": 2,
                     *           "link": "https://placenotes.example.org/users/bob",
                     *           "name": "Bob Example",
                     *           "username": "bob",
                     *           "description": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserListItem"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createNoteFavoriter: {
        parameters: {
            query?: never;
            header?: {
                /** @description A new random key (a UUID) per request: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 201
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNoteFavoriter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNoteFavorite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUserFavorites: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous page's `nextUrl`, as given (a page then costs the same at any depth; `offset` only numbers it). */
                cursor?: string;
                /** @description Notes inside `minLon,minLat,maxLon,maxLat` (degrees); minLon > maxLon crosses the antimeridian. */
                bbox?: string;
                /** @description Notes within `radius` of `lat,lon`, nearest first, each with `distance`. */
                near?: string;
                /** @description Metres around `near` (default 1000, at most 50000). */
                radius?: number;
                /** @description Words to find in the title and message (English stems too). */
                q?: string;
                /** @description Only notes with this tag. */
                tag?: string;
                /** @description Only notes by this user (id or username). */
                author?: string;
                /** @description Created at or after (Unix seconds). */
                since?: number;
                /** @description Created at or before (Unix seconds). */
                until?: number;
                /** @description `recent` (default), `nearest` (needs `near`; its default), `popular`. */
                sort?: "recent" | "nearest" | "popular";
                /** @description `geojson` answers a GeoJSON FeatureCollection (as `Accept: application/geo+json` does). */
                format?: "json" | "geojson";
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": true,
                     *               "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *               "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *             },
                     *             "id": 1,
                     *             "link": "https://placenotes.example.org/users/alice",
                     *             "name": "Alice Example",
                     *             "username": "alice"
                     *           },
                     *           "comments": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/1/comments"
                     *             }
                     *           },
                     *           "createdAt": 1777626120,
                     *           "currentUserData": {
                     *             "canComment": false,
                     *             "canFavorite": false,
                     *             "isFavorited": false,
                     *             "isFound": false
                     *           },
                     *           "depiction": null,
                     *           "displayAddress": "44 Paul-Lincke-Ufer, Berlin, Berlin, Germany",
                     *           "favoriters": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/1/favoriters"
                     *             }
                     *           },
                     *           "finders": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/1/finders"
                     *             }
                     *           },
                     *           "id": 1,
                     *           "image": null,
                     *           "implicit_title": "The best flat white in Kreuzberg, and a quiet garden at the…",
                     *           "link": "https://placenotes.example.org/notes/1",
                     *           "location": {
                     *             "city": "Berlin",
                     *             "country": "Germany",
                     *             "isoCountryCode": "DE",
                     *             "latitude": 52.4959,
                     *             "longitude": 13.4219,
                     *             "neighborhood": null,
                     *             "postalCode": "10999",
                     *             "state": "Berlin",
                     *             "street": "Paul-Lincke-Ufer",
                     *             "streetAddress": "",
                     *             "streetNumber": "44",
                     *             "zoomLevel": 15
                     *           },
                     *           "message": "The best flat white in Kreuzberg, and a quiet garden at the back. #coffee",
                     *           "notemaps": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/1/notemaps"
                     *             }
                     *           },
                     *           "place": {
                     *             "id": 1,
                     *             "name": "Berlin, Berlin, Germany",
                     *             "link": "https://placenotes.example.org/places/1"
                     *           },
                     *           "publicViewsCount": 0,
                     *           "tags": {
                     *             "meta": {
                     *               "count": 2,
                     *               "nextUrl": "/v2/notes/1/tags"
                     *             }
                     *           },
                     *           "title": "Café am Kanal",
                     *           "updatedAt": 1777626120,
                     *           "visibility": "public"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ListedNote"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                    "application/geo+json": {
                        /** @enum {string} */
                        type: "FeatureCollection";
                        features: {
                            /** @enum {string} */
                            type: "Feature";
                            id: number;
                            geometry: {
                                /** @enum {string} */
                                type: "Point";
                                /** @description [longitude, latitude] */
                                coordinates: number[];
                            };
                            properties: components["schemas"]["ListedNote"];
                        }[];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNoteFinders: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "avatar": {
                     *             "hasAvatar": false,
                     *             "hash": "81b637d8fcd2c6da6359e6963113a117",
                     *             "urlRoot": "https://placenotes.example.org/avatars/81b637d8fcd2c6da6359e6963113a117"
                     *           },
                     *           "id": 2,
                     *           "link": "https://placenotes.example.org/users/bob",
                     *           "name": "Bob Example",
                     *           "username": "bob",
                     *           "description": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserListItem"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createNoteFinder: {
        parameters: {
            query?: never;
            header?: {
                /** @description A new random key (a UUID) per request: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 201
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNoteFinder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNoteComments: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                note_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": false,
                     *               "hash": "81b637d8fcd2c6da6359e6963113a117",
                     *               "urlRoot": "https://placenotes.example.org/avatars/81b637d8fcd2c6da6359e6963113a117"
                     *             },
                     *             "id": 2,
                     *             "link": "https://placenotes.example.org/users/bob",
                     *             "name": "Bob Example",
                     *             "username": "bob"
                     *           },
                     *           "comment": "Their cardamom buns are worth the queue.",
                     *           "createdAt": 1777626240,
                     *           "currentUserData": {
                     *             "canFavorite": false,
                     *             "isFavorited": false
                     *           },
                     *           "favoritersCount": 1,
                     *           "id": 1,
                     *           "title": "Go early",
                     *           "updatedAt": 1777626240
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Comment"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createNoteComment: {
        parameters: {
            query?: never;
            header?: {
                /** @description A new random key (a UUID) per request: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                note_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "comment": "Their cardamom buns are worth the queue.",
                 *       "title": "Go early"
                 *     }
                 */
                "application/json": {
                    /** @description Required; at most 16777215 characters. */
                    comment: string;
                    /** @description At most 50 characters. */
                    title?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "author": {
                     *           "avatar": {
                     *             "hasAvatar": false,
                     *             "hash": "81b637d8fcd2c6da6359e6963113a117",
                     *             "urlRoot": "https://placenotes.example.org/avatars/81b637d8fcd2c6da6359e6963113a117"
                     *           },
                     *           "id": 2,
                     *           "link": "https://placenotes.example.org/users/bob",
                     *           "name": "Bob Example",
                     *           "username": "bob"
                     *         },
                     *         "comment": "Their cardamom buns are worth the queue.",
                     *         "createdAt": 1777626240,
                     *         "currentUserData": {
                     *           "canFavorite": true,
                     *           "isFavorited": false
                     *         },
                     *         "favoritersCount": 0,
                     *         "id": 1,
                     *         "title": "Go early",
                     *         "updatedAt": 1777626240
                     *       },
                     *       "meta": {
                     *         "http_status": 201
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Comment"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has a content type the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNoteComment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                note_id: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "author": {
                     *           "avatar": {
                     *             "hasAvatar": false,
                     *             "hash": "81b637d8fcd2c6da6359e6963113a117",
                     *             "urlRoot": "https://placenotes.example.org/avatars/81b637d8fcd2c6da6359e6963113a117"
                     *           },
                     *           "id": 2,
                     *           "link": "https://placenotes.example.org/users/bob",
                     *           "name": "Bob Example",
                     *           "username": "bob"
                     *         },
                     *         "comment": "Their cardamom buns are worth the queue.",
                     *         "createdAt": 1777626240,
                     *         "currentUserData": {
                     *           "canFavorite": true,
                     *           "isFavorited": false
                     *         },
                     *         "favoritersCount": 1,
                     *         "id": 1,
                     *         "title": "Go early",
                     *         "updatedAt": 1777626240
                     *       },
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Comment"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateNoteComment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` the change is based on: 412 `precondition_failed` if the resource changed since */
                "if-match"?: string;
            };
            path: {
                note_id: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "comment": "Their cardamom buns are worth the queue. Go before ten.",
                 *       "title": "Go early"
                 *     }
                 */
                "application/json": {
                    /** @description Required; at most 16777215 characters. */
                    comment: string;
                    /** @description At most 50 characters. */
                    title?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "author": {
                     *           "avatar": {
                     *             "hasAvatar": false,
                     *             "hash": "81b637d8fcd2c6da6359e6963113a117",
                     *             "urlRoot": "https://placenotes.example.org/avatars/81b637d8fcd2c6da6359e6963113a117"
                     *           },
                     *           "id": 2,
                     *           "link": "https://placenotes.example.org/users/bob",
                     *           "name": "Bob Example",
                     *           "username": "bob"
                     *         },
                     *         "comment": "Their cardamom buns are worth the queue. Go before ten.",
                     *         "createdAt": 1777626240,
                     *         "currentUserData": {
                     *           "canFavorite": true,
                     *           "isFavorited": false
                     *         },
                     *         "favoritersCount": 1,
                     *         "id": 1,
                     *         "title": "Go early",
                     *         "updatedAt": 1777629060
                     *       },
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Comment"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description If-Match does not hold: the resource changed (the current ETag is in the headers) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has a content type the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNoteComment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` the change is based on: 412 `precondition_failed` if the resource changed since */
                "if-match"?: string;
            };
            path: {
                note_id: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description If-Match does not hold: the resource changed (the current ETag is in the headers) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createNoteCommentFavoriter: {
        parameters: {
            query?: never;
            header?: {
                /** @description A new random key (a UUID) per request: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                note_id: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 201
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNoteCommentFavoriter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                note_id: number;
                id: number;
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNoteCommentFavorite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                note_id: number;
                id: number;
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotemaps: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": true,
                     *               "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *               "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *             },
                     *             "id": 1,
                     *             "link": "https://placenotes.example.org/users/alice",
                     *             "name": "Alice Example",
                     *             "username": "alice"
                     *           },
                     *           "authors": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/authors"
                     *             }
                     *           },
                     *           "createdAt": 1777626480,
                     *           "currentUserData": {
                     *             "isFollowing": false
                     *           },
                     *           "description": "Where I go for a good cup.",
                     *           "followers": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/followers"
                     *             }
                     *           },
                     *           "id": 1,
                     *           "image": null,
                     *           "lastNoteAddedAt": 1777626540,
                     *           "link": "https://placenotes.example.org/notemaps/1",
                     *           "name": "Coffee in Berlin",
                     *           "notes": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/notes"
                     *             }
                     *           },
                     *           "notesWithImages": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notemaps/1/notes_with_images"
                     *             }
                     *           },
                     *           "tags": {
                     *             "meta": {
                     *               "count": 2,
                     *               "nextUrl": "/v2/notemaps/1/tags"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Notemap"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createNotemap: {
        parameters: {
            query?: never;
            header?: {
                /** @description A new random key (a UUID) per request: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Coffee in Berlin",
                 *       "description": "Where I go for a good cup."
                 *     }
                 */
                "application/json": {
                    name: string;
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "author": {
                     *           "avatar": {
                     *             "hasAvatar": false,
                     *             "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *             "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *           },
                     *           "id": 1,
                     *           "link": "https://placenotes.example.org/users/alice",
                     *           "name": "Alice Example",
                     *           "username": "alice"
                     *         },
                     *         "authors": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notemaps/1/authors"
                     *           }
                     *         },
                     *         "createdAt": 1777626480,
                     *         "currentUserData": {
                     *           "isFollowing": false
                     *         },
                     *         "description": "Where I go for a good cup.",
                     *         "followers": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/notemaps/1/followers"
                     *           }
                     *         },
                     *         "id": 1,
                     *         "image": null,
                     *         "lastNoteAddedAt": null,
                     *         "link": "https://placenotes.example.org/notemaps/1",
                     *         "name": "Coffee in Berlin",
                     *         "notes": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/notemaps/1/notes"
                     *           }
                     *         },
                     *         "notesWithImages": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/notemaps/1/notes_with_images"
                     *           }
                     *         },
                     *         "tags": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/notemaps/1/tags"
                     *           }
                     *         }
                     *       },
                     *       "meta": {
                     *         "http_status": 201
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Notemap"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has a content type the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNotemap: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "author": {
                     *           "avatar": {
                     *             "hasAvatar": true,
                     *             "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *             "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *           },
                     *           "id": 1,
                     *           "link": "https://placenotes.example.org/users/alice",
                     *           "name": "Alice Example",
                     *           "username": "alice"
                     *         },
                     *         "authors": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notemaps/1/authors"
                     *           }
                     *         },
                     *         "createdAt": 1777626480,
                     *         "currentUserData": {
                     *           "isFollowing": true
                     *         },
                     *         "description": "Where I go for a good cup.",
                     *         "followers": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notemaps/1/followers"
                     *           }
                     *         },
                     *         "id": 1,
                     *         "image": null,
                     *         "lastNoteAddedAt": 1777626540,
                     *         "link": "https://placenotes.example.org/notemaps/1",
                     *         "name": "Coffee in Berlin",
                     *         "notes": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notemaps/1/notes"
                     *           }
                     *         },
                     *         "notesWithImages": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/notemaps/1/notes_with_images"
                     *           }
                     *         },
                     *         "tags": {
                     *           "meta": {
                     *             "count": 2,
                     *             "nextUrl": "/v2/notemaps/1/tags"
                     *           }
                     *         }
                     *       },
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Notemap"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateNotemap: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` the change is based on: 412 `precondition_failed` if the resource changed since */
                "if-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Coffee in Berlin",
                 *       "description": "Where I go for a good cup, north to south."
                 *     }
                 */
                "application/json": {
                    name: string;
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "author": {
                     *           "avatar": {
                     *             "hasAvatar": true,
                     *             "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *             "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *           },
                     *           "id": 1,
                     *           "link": "https://placenotes.example.org/users/alice",
                     *           "name": "Alice Example",
                     *           "username": "alice"
                     *         },
                     *         "authors": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notemaps/1/authors"
                     *           }
                     *         },
                     *         "createdAt": 1777626480,
                     *         "currentUserData": {
                     *           "isFollowing": false
                     *         },
                     *         "description": "Where I go for a good cup, north to south.",
                     *         "followers": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notemaps/1/followers"
                     *           }
                     *         },
                     *         "id": 1,
                     *         "image": null,
                     *         "lastNoteAddedAt": 1777626540,
                     *         "link": "https://placenotes.example.org/notemaps/1",
                     *         "name": "Coffee in Berlin",
                     *         "notes": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/notemaps/1/notes"
                     *           }
                     *         },
                     *         "notesWithImages": {
                     *           "meta": {
                     *             "count": 0,
                     *             "nextUrl": "/v2/notemaps/1/notes_with_images"
                     *           }
                     *         },
                     *         "tags": {
                     *           "meta": {
                     *             "count": 3,
                     *             "nextUrl": "/v2/notemaps/1/tags"
                     *           }
                     *         }
                     *       },
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Notemap"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description If-Match does not hold: the resource changed (the current ETag is in the headers) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has a content type the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNotemap: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` the change is based on: 412 `precondition_failed` if the resource changed since */
                "if-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description If-Match does not hold: the resource changed (the current ETag is in the headers) */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotemapNotes: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous page's `nextUrl`, as given (a page then costs the same at any depth; `offset` only numbers it). */
                cursor?: string;
                /** @description Notes inside `minLon,minLat,maxLon,maxLat` (degrees); minLon > maxLon crosses the antimeridian. */
                bbox?: string;
                /** @description Notes within `radius` of `lat,lon`, nearest first, each with `distance`. */
                near?: string;
                /** @description Metres around `near` (default 1000, at most 50000). */
                radius?: number;
                /** @description Words to find in the title and message (English stems too). */
                q?: string;
                /** @description Only notes with this tag. */
                tag?: string;
                /** @description Only notes by this user (id or username). */
                author?: string;
                /** @description Created at or after (Unix seconds). */
                since?: number;
                /** @description Created at or before (Unix seconds). */
                until?: number;
                /** @description `recent` (default), `nearest` (needs `near`; its default), `popular`. */
                sort?: "recent" | "nearest" | "popular";
                /** @description `geojson` answers a GeoJSON FeatureCollection (as `Accept: application/geo+json` does). */
                format?: "json" | "geojson";
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": true,
                     *               "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *               "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *             },
                     *             "id": 1,
                     *             "link": "https://placenotes.example.org/users/alice",
                     *             "name": "Alice Example",
                     *             "username": "alice"
                     *           },
                     *           "comments": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/1/comments"
                     *             }
                     *           },
                     *           "createdAt": 1777626120,
                     *           "currentUserData": {
                     *             "canComment": false,
                     *             "canFavorite": false,
                     *             "isFavorited": false,
                     *             "isFound": false
                     *           },
                     *           "depiction": null,
                     *           "displayAddress": "44 Paul-Lincke-Ufer, Berlin, Berlin, Germany",
                     *           "favoriters": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/1/favoriters"
                     *             }
                     *           },
                     *           "finders": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/1/finders"
                     *             }
                     *           },
                     *           "id": 1,
                     *           "image": null,
                     *           "implicit_title": "The best flat white in Kreuzberg, and a quiet garden at the…",
                     *           "link": "https://placenotes.example.org/notes/1",
                     *           "location": {
                     *             "city": "Berlin",
                     *             "country": "Germany",
                     *             "isoCountryCode": "DE",
                     *             "latitude": 52.4959,
                     *             "longitude": 13.4219,
                     *             "neighborhood": null,
                     *             "postalCode": "10999",
                     *             "state": "Berlin",
                     *             "street": "Paul-Lincke-Ufer",
                     *             "streetAddress": "",
                     *             "streetNumber": "44",
                     *             "zoomLevel": 15
                     *           },
                     *           "message": "The best flat white in Kreuzberg, and a quiet garden at the back. #coffee",
                     *           "notemaps": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/1/notemaps"
                     *             }
                     *           },
                     *           "place": {
                     *             "id": 1,
                     *             "name": "Berlin, Berlin, Germany",
                     *             "link": "https://placenotes.example.org/places/1"
                     *           },
                     *           "publicViewsCount": 0,
                     *           "tags": {
                     *             "meta": {
                     *               "count": 2,
                     *               "nextUrl": "/v2/notes/1/tags"
                     *             }
                     *           },
                     *           "title": "Café am Kanal",
                     *           "updatedAt": 1777626120,
                     *           "visibility": "public"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ListedNote"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                    "application/geo+json": {
                        /** @enum {string} */
                        type: "FeatureCollection";
                        features: {
                            /** @enum {string} */
                            type: "Feature";
                            id: number;
                            geometry: {
                                /** @enum {string} */
                                type: "Point";
                                /** @description [longitude, latitude] */
                                coordinates: number[];
                            };
                            properties: components["schemas"]["ListedNote"];
                        }[];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createNotemapNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description A new random key (a UUID) per request: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "note_id": 1
                 *     }
                 */
                "application/json": {
                    /** @description The note to add; the creator must be able to read it. */
                    note_id: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 201
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has a content type the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotemapNotesWithImages: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous page's `nextUrl`, as given (a page then costs the same at any depth; `offset` only numbers it). */
                cursor?: string;
                /** @description Notes inside `minLon,minLat,maxLon,maxLat` (degrees); minLon > maxLon crosses the antimeridian. */
                bbox?: string;
                /** @description Notes within `radius` of `lat,lon`, nearest first, each with `distance`. */
                near?: string;
                /** @description Metres around `near` (default 1000, at most 50000). */
                radius?: number;
                /** @description Words to find in the title and message (English stems too). */
                q?: string;
                /** @description Only notes with this tag. */
                tag?: string;
                /** @description Only notes by this user (id or username). */
                author?: string;
                /** @description Created at or after (Unix seconds). */
                since?: number;
                /** @description Created at or before (Unix seconds). */
                until?: number;
                /** @description `recent` (default), `nearest` (needs `near`; its default), `popular`. */
                sort?: "recent" | "nearest" | "popular";
                /** @description `geojson` answers a GeoJSON FeatureCollection (as `Accept: application/geo+json` does). */
                format?: "json" | "geojson";
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 0,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ListedNote"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                    "application/geo+json": {
                        /** @enum {string} */
                        type: "FeatureCollection";
                        features: {
                            /** @enum {string} */
                            type: "Feature";
                            id: number;
                            geometry: {
                                /** @enum {string} */
                                type: "Point";
                                /** @description [longitude, latitude] */
                                coordinates: number[];
                            };
                            properties: components["schemas"]["ListedNote"];
                        }[];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotemapTags: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "link": "https://placenotes.example.org/tags/coffee",
                     *           "name": "coffee",
                     *           "notes": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/tags/coffee/notes"
                     *             }
                     *           }
                     *         },
                     *         {
                     *           "id": 2,
                     *           "link": "https://placenotes.example.org/tags/garden",
                     *           "name": "garden",
                     *           "notes": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/tags/garden/notes"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 2,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Tag"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNotemapNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                note_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotemapAuthors: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "avatar": {
                     *             "hasAvatar": true,
                     *             "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *             "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *           },
                     *           "id": 1,
                     *           "link": "https://placenotes.example.org/users/alice",
                     *           "name": "Alice Example",
                     *           "username": "alice",
                     *           "description": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserListItem"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotemapFollowers: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "avatar": {
                     *             "hasAvatar": false,
                     *             "hash": "81b637d8fcd2c6da6359e6963113a117",
                     *             "urlRoot": "https://placenotes.example.org/avatars/81b637d8fcd2c6da6359e6963113a117"
                     *           },
                     *           "id": 2,
                     *           "link": "https://placenotes.example.org/users/bob",
                     *           "name": "Bob Example",
                     *           "username": "bob",
                     *           "description": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserListItem"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createNotemapFollower: {
        parameters: {
            query?: never;
            header?: {
                /** @description A new random key (a UUID) per request: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 201
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNotemapFollower: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNoteNotemaps: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": true,
                     *               "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *               "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *             },
                     *             "id": 1,
                     *             "link": "https://placenotes.example.org/users/alice",
                     *             "name": "Alice Example",
                     *             "username": "alice"
                     *           },
                     *           "authors": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/authors"
                     *             }
                     *           },
                     *           "createdAt": 1777626480,
                     *           "currentUserData": {
                     *             "isFollowing": false
                     *           },
                     *           "description": "Where I go for a good cup.",
                     *           "followers": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/followers"
                     *             }
                     *           },
                     *           "id": 1,
                     *           "image": null,
                     *           "lastNoteAddedAt": 1777626540,
                     *           "link": "https://placenotes.example.org/notemaps/1",
                     *           "name": "Coffee in Berlin",
                     *           "notes": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/notes"
                     *             }
                     *           },
                     *           "notesWithImages": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notemaps/1/notes_with_images"
                     *             }
                     *           },
                     *           "tags": {
                     *             "meta": {
                     *               "count": 2,
                     *               "nextUrl": "/v2/notemaps/1/tags"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Notemap"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUserNotemaps: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": true,
                     *               "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *               "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *             },
                     *             "id": 1,
                     *             "link": "https://placenotes.example.org/users/alice",
                     *             "name": "Alice Example",
                     *             "username": "alice"
                     *           },
                     *           "authors": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/authors"
                     *             }
                     *           },
                     *           "createdAt": 1777626480,
                     *           "currentUserData": {
                     *             "isFollowing": false
                     *           },
                     *           "description": "Where I go for a good cup.",
                     *           "followers": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/followers"
                     *             }
                     *           },
                     *           "id": 1,
                     *           "image": null,
                     *           "lastNoteAddedAt": 1777626540,
                     *           "link": "https://placenotes.example.org/notemaps/1",
                     *           "name": "Coffee in Berlin",
                     *           "notes": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/notes"
                     *             }
                     *           },
                     *           "notesWithImages": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notemaps/1/notes_with_images"
                     *             }
                     *           },
                     *           "tags": {
                     *             "meta": {
                     *               "count": 2,
                     *               "nextUrl": "/v2/notemaps/1/tags"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Notemap"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUserFollowedNotemaps: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": true,
                     *               "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *               "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *             },
                     *             "id": 1,
                     *             "link": "https://placenotes.example.org/users/alice",
                     *             "name": "Alice Example",
                     *             "username": "alice"
                     *           },
                     *           "authors": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/authors"
                     *             }
                     *           },
                     *           "createdAt": 1777626480,
                     *           "currentUserData": {
                     *             "isFollowing": false
                     *           },
                     *           "description": "Where I go for a good cup.",
                     *           "followers": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/followers"
                     *             }
                     *           },
                     *           "id": 1,
                     *           "image": null,
                     *           "lastNoteAddedAt": 1777626540,
                     *           "link": "https://placenotes.example.org/notemaps/1",
                     *           "name": "Coffee in Berlin",
                     *           "notes": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/notes"
                     *             }
                     *           },
                     *           "notesWithImages": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notemaps/1/notes_with_images"
                     *             }
                     *           },
                     *           "tags": {
                     *             "meta": {
                     *               "count": 2,
                     *               "nextUrl": "/v2/notemaps/1/tags"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Notemap"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUserFollowedMaps: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": true,
                     *               "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *               "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *             },
                     *             "id": 1,
                     *             "link": "https://placenotes.example.org/users/alice",
                     *             "name": "Alice Example",
                     *             "username": "alice"
                     *           },
                     *           "authors": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/authors"
                     *             }
                     *           },
                     *           "createdAt": 1777626480,
                     *           "currentUserData": {
                     *             "isFollowing": false
                     *           },
                     *           "description": "Where I go for a good cup.",
                     *           "followers": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/followers"
                     *             }
                     *           },
                     *           "id": 1,
                     *           "image": null,
                     *           "lastNoteAddedAt": 1777626540,
                     *           "link": "https://placenotes.example.org/notemaps/1",
                     *           "name": "Coffee in Berlin",
                     *           "notes": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notemaps/1/notes"
                     *             }
                     *           },
                     *           "notesWithImages": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notemaps/1/notes_with_images"
                     *             }
                     *           },
                     *           "tags": {
                     *             "meta": {
                     *               "count": 2,
                     *               "nextUrl": "/v2/notemaps/1/tags"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Notemap"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUserFollowers: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "avatar": {
                     *             "hasAvatar": false,
                     *             "hash": "81b637d8fcd2c6da6359e6963113a117",
                     *             "urlRoot": "https://placenotes.example.org/avatars/81b637d8fcd2c6da6359e6963113a117"
                     *           },
                     *           "id": 2,
                     *           "link": "https://placenotes.example.org/users/bob",
                     *           "name": "Bob Example",
                     *           "username": "bob",
                     *           "description": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserListItem"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createUserFollower: {
        parameters: {
            query?: never;
            header?: {
                /** @description A new random key (a UUID) per request: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 201
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUserFollowing: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "avatar": {
                     *             "hasAvatar": true,
                     *             "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *             "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *           },
                     *           "id": 1,
                     *           "link": "https://placenotes.example.org/users/alice",
                     *           "name": "Alice Example",
                     *           "username": "alice",
                     *           "description": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserListItem"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteUserFollower: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUsersMeBlocks: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "avatar": {
                     *             "hasAvatar": false,
                     *             "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *             "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *           },
                     *           "id": 1,
                     *           "link": "https://placenotes.example.org/users/alice",
                     *           "name": "Alice Example",
                     *           "username": "alice",
                     *           "description": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserListItem"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateUsersMeBlock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 201
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteUsersMeBlock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPlaces: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
                /** @description The city, ignoring case; empty for places without one */
                city?: string;
                /** @description The state, ignoring case; empty for places without one */
                state?: string;
                /** @description The country, ignoring case; empty for places without one */
                country?: string;
                /** @description Words that each stand in the place's name, ignoring case (`lis` finds Lisbon). */
                q?: string;
                /** @description Places whose centre lies within `radius` of `lat,lon`. */
                near?: string;
                /** @description Metres around `near` (default 1000, at most 50000). */
                radius?: number;
                /** @description Places whose centre lies inside `minLon,minLat,maxLon,maxLat` (degrees); minLon > maxLon crosses the antimeridian. */
                bbox?: string;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "Berlin, Berlin, Germany",
                     *           "city": "Berlin",
                     *           "state": "Berlin",
                     *           "country": "Germany",
                     *           "isoCountryCode": "DE",
                     *           "latitude": 52.49165,
                     *           "longitude": 13.4042,
                     *           "link": "https://placenotes.example.org/places/1",
                     *           "notes": {
                     *             "meta": {
                     *               "count": 2,
                     *               "nextUrl": "/v2/places/1/notes"
                     *             }
                     *           },
                     *           "followers": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/places/1/followers"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Place"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "name": "Berlin, Berlin, Germany",
                     *         "city": "Berlin",
                     *         "state": "Berlin",
                     *         "country": "Germany",
                     *         "isoCountryCode": "DE",
                     *         "latitude": 52.49165,
                     *         "longitude": 13.4042,
                     *         "link": "https://placenotes.example.org/places/1",
                     *         "notes": {
                     *           "meta": {
                     *             "count": 2,
                     *             "nextUrl": "/v2/places/1/notes"
                     *           }
                     *         },
                     *         "followers": {
                     *           "meta": {
                     *             "count": 1,
                     *             "nextUrl": "/v2/places/1/followers"
                     *           }
                     *         }
                     *       },
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Place"];
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPlaceNotes: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous page's `nextUrl`, as given (a page then costs the same at any depth; `offset` only numbers it). */
                cursor?: string;
                /** @description Notes inside `minLon,minLat,maxLon,maxLat` (degrees); minLon > maxLon crosses the antimeridian. */
                bbox?: string;
                /** @description Notes within `radius` of `lat,lon`, nearest first, each with `distance`. */
                near?: string;
                /** @description Metres around `near` (default 1000, at most 50000). */
                radius?: number;
                /** @description Words to find in the title and message (English stems too). */
                q?: string;
                /** @description Only notes with this tag. */
                tag?: string;
                /** @description Only notes by this user (id or username). */
                author?: string;
                /** @description Created at or after (Unix seconds). */
                since?: number;
                /** @description Created at or before (Unix seconds). */
                until?: number;
                /** @description `recent` (default), `nearest` (needs `near`; its default), `popular`. */
                sort?: "recent" | "nearest" | "popular";
                /** @description `geojson` answers a GeoJSON FeatureCollection (as `Accept: application/geo+json` does). */
                format?: "json" | "geojson";
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": true,
                     *               "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *               "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *             },
                     *             "id": 1,
                     *             "link": "https://placenotes.example.org/users/alice",
                     *             "name": "Alice Example",
                     *             "username": "alice"
                     *           },
                     *           "comments": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/comments"
                     *             }
                     *           },
                     *           "createdAt": 1777626180,
                     *           "currentUserData": {
                     *             "canComment": false,
                     *             "canFavorite": false,
                     *             "isFavorited": false,
                     *             "isFound": false
                     *           },
                     *           "depiction": null,
                     *           "displayAddress": "Berlin, Berlin, Germany",
                     *           "favoriters": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/favoriters"
                     *             }
                     *           },
                     *           "finders": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/finders"
                     *             }
                     *           },
                     *           "id": 2,
                     *           "image": null,
                     *           "implicit_title": "A bench with the whole city at your feet.",
                     *           "link": "https://placenotes.example.org/notes/2",
                     *           "location": {
                     *             "city": "Berlin",
                     *             "country": "Germany",
                     *             "isoCountryCode": "DE",
                     *             "latitude": 52.4874,
                     *             "longitude": 13.3865,
                     *             "neighborhood": null,
                     *             "postalCode": null,
                     *             "state": "Berlin",
                     *             "street": null,
                     *             "streetAddress": "",
                     *             "streetNumber": null,
                     *             "zoomLevel": 15
                     *           },
                     *           "message": "A bench with the whole city at your feet.",
                     *           "notemaps": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/notemaps"
                     *             }
                     *           },
                     *           "place": {
                     *             "id": 1,
                     *             "name": "Berlin, Berlin, Germany",
                     *             "link": "https://placenotes.example.org/places/1"
                     *           },
                     *           "publicViewsCount": 0,
                     *           "tags": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/2/tags"
                     *             }
                     *           },
                     *           "title": "A bench with the whole city at your feet.",
                     *           "updatedAt": 1777626180,
                     *           "visibility": "public"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 2,
                     *         "nextUrl": "/v2/places/1/notes?offset=1&limit=1&cursor=eyJvIjoicmVjZW50IiwiayI6W10sInQiOjE3Nzc2MjYxODAwMDAwMDAsImkiOjJ9"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ListedNote"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                    "application/geo+json": {
                        /** @enum {string} */
                        type: "FeatureCollection";
                        features: {
                            /** @enum {string} */
                            type: "Feature";
                            id: number;
                            geometry: {
                                /** @enum {string} */
                                type: "Point";
                                /** @description [longitude, latitude] */
                                coordinates: number[];
                            };
                            properties: components["schemas"]["ListedNote"];
                        }[];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPlaceFollowers: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "avatar": {
                     *             "hasAvatar": false,
                     *             "hash": "81b637d8fcd2c6da6359e6963113a117",
                     *             "urlRoot": "https://placenotes.example.org/avatars/81b637d8fcd2c6da6359e6963113a117"
                     *           },
                     *           "id": 2,
                     *           "link": "https://placenotes.example.org/users/bob",
                     *           "name": "Bob Example",
                     *           "username": "bob",
                     *           "description": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserListItem"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPlaceFollower: {
        parameters: {
            query?: never;
            header?: {
                /** @description A new random key (a UUID) per request: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 201
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePlaceFollower: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUserFollowedPlaces: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "Berlin, Berlin, Germany",
                     *           "city": "Berlin",
                     *           "state": "Berlin",
                     *           "country": "Germany",
                     *           "isoCountryCode": "DE",
                     *           "latitude": 52.49165,
                     *           "longitude": 13.4042,
                     *           "link": "https://placenotes.example.org/places/1",
                     *           "notes": {
                     *             "meta": {
                     *               "count": 2,
                     *               "nextUrl": "/v2/places/1/notes"
                     *             }
                     *           },
                     *           "followers": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/places/1/followers"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Place"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFeed: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
                /** @description Where the page starts: the `cursor` of the previous page's `nextUrl`, as given (a page then costs the same at any depth; `offset` only numbers it). */
                cursor?: string;
                /** @description Notes inside `minLon,minLat,maxLon,maxLat` (degrees); minLon > maxLon crosses the antimeridian. */
                bbox?: string;
                /** @description Notes within `radius` of `lat,lon`, nearest first, each with `distance`. */
                near?: string;
                /** @description Metres around `near` (default 1000, at most 50000). */
                radius?: number;
                /** @description Words to find in the title and message (English stems too). */
                q?: string;
                /** @description Only notes with this tag. */
                tag?: string;
                /** @description Only notes by this user (id or username). */
                author?: string;
                /** @description Created at or after (Unix seconds). */
                since?: number;
                /** @description Created at or before (Unix seconds). */
                until?: number;
                /** @description `recent` (default), `nearest` (needs `near`; its default), `popular`. */
                sort?: "recent" | "nearest" | "popular";
                /** @description `geojson` answers a GeoJSON FeatureCollection (as `Accept: application/geo+json` does). */
                format?: "json" | "geojson";
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "author": {
                     *             "avatar": {
                     *               "hasAvatar": true,
                     *               "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *               "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *             },
                     *             "id": 1,
                     *             "link": "https://placenotes.example.org/users/alice",
                     *             "name": "Alice Example",
                     *             "username": "alice"
                     *           },
                     *           "comments": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/comments"
                     *             }
                     *           },
                     *           "createdAt": 1777626180,
                     *           "currentUserData": {
                     *             "canComment": true,
                     *             "canFavorite": true,
                     *             "isFavorited": false,
                     *             "isFound": false
                     *           },
                     *           "depiction": null,
                     *           "displayAddress": "Berlin, Berlin, Germany",
                     *           "favoriters": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/favoriters"
                     *             }
                     *           },
                     *           "finders": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/finders"
                     *             }
                     *           },
                     *           "id": 2,
                     *           "image": null,
                     *           "implicit_title": "A bench with the whole city at your feet.",
                     *           "link": "https://placenotes.example.org/notes/2",
                     *           "location": {
                     *             "city": "Berlin",
                     *             "country": "Germany",
                     *             "isoCountryCode": "DE",
                     *             "latitude": 52.4874,
                     *             "longitude": 13.3865,
                     *             "neighborhood": null,
                     *             "postalCode": null,
                     *             "state": "Berlin",
                     *             "street": null,
                     *             "streetAddress": "",
                     *             "streetNumber": null,
                     *             "zoomLevel": 15
                     *           },
                     *           "message": "A bench with the whole city at your feet.",
                     *           "notemaps": {
                     *             "meta": {
                     *               "count": 0,
                     *               "nextUrl": "/v2/notes/2/notemaps"
                     *             }
                     *           },
                     *           "place": {
                     *             "id": 1,
                     *             "name": "Berlin, Berlin, Germany",
                     *             "link": "https://placenotes.example.org/places/1"
                     *           },
                     *           "publicViewsCount": 0,
                     *           "tags": {
                     *             "meta": {
                     *               "count": 1,
                     *               "nextUrl": "/v2/notes/2/tags"
                     *             }
                     *           },
                     *           "title": "A bench with the whole city at your feet.",
                     *           "updatedAt": 1777626180,
                     *           "visibility": "public"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 2,
                     *         "nextUrl": "/v2/feed?offset=1&limit=1&cursor=eyJvIjoicmVjZW50IiwiayI6W10sInQiOjE3Nzc2MjYxODAwMDAwMDAsImkiOjJ9"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ListedNote"][];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                    "application/geo+json": {
                        /** @enum {string} */
                        type: "FeatureCollection";
                        features: {
                            /** @enum {string} */
                            type: "Feature";
                            id: number;
                            geometry: {
                                /** @enum {string} */
                                type: "Point";
                                /** @description [longitude, latitude] */
                                coordinates: number[];
                            };
                            properties: components["schemas"]["ListedNote"];
                        }[];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listChanges: {
        parameters: {
            query?: {
                /** @description Where to resume: the `meta.cursor` of the previous page (or of an item), as given. Without it the feed starts at the beginning. */
                since?: string;
                /** @description Items per page (at most 100). */
                limit?: number;
                /** @description Only notes inside `minLon,minLat,maxLon,maxLat` (degrees), as on note lists. */
                bbox?: string;
                /** @description Only notes within `radius` of `lat,lon`. */
                near?: string;
                /** @description Metres around `near` (default 1000, at most 50000). */
                radius?: number;
                /** @description Only notes by this user (id or username). */
                author?: string;
                /** @description Only notes with this tag. */
                tag?: string;
                /** @description Only notes held by this notemap (its id). */
                notemap?: string;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "cursor": "czI",
                     *           "id": 2,
                     *           "kind": "upsert",
                     *           "note": {
                     *             "author": {
                     *               "avatar": {
                     *                 "hasAvatar": true,
                     *                 "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *                 "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *               },
                     *               "id": 1,
                     *               "link": "https://placenotes.example.org/users/alice",
                     *               "name": "Alice Example",
                     *               "username": "alice"
                     *             },
                     *             "comments": {
                     *               "meta": {
                     *                 "count": 0,
                     *                 "nextUrl": "/v2/notes/2/comments"
                     *               }
                     *             },
                     *             "createdAt": 1777626180,
                     *             "currentUserData": {
                     *               "canComment": true,
                     *               "canFavorite": true,
                     *               "isFavorited": false,
                     *               "isFound": false
                     *             },
                     *             "depiction": null,
                     *             "displayAddress": "Berlin, Berlin, Germany",
                     *             "favoriters": {
                     *               "meta": {
                     *                 "count": 0,
                     *                 "nextUrl": "/v2/notes/2/favoriters"
                     *               }
                     *             },
                     *             "finders": {
                     *               "meta": {
                     *                 "count": 0,
                     *                 "nextUrl": "/v2/notes/2/finders"
                     *               }
                     *             },
                     *             "id": 2,
                     *             "image": null,
                     *             "implicit_title": "A bench with the whole city at your feet.",
                     *             "link": "https://placenotes.example.org/notes/2",
                     *             "location": {
                     *               "city": "Berlin",
                     *               "country": "Germany",
                     *               "isoCountryCode": "DE",
                     *               "latitude": 52.4874,
                     *               "longitude": 13.3865,
                     *               "neighborhood": null,
                     *               "postalCode": null,
                     *               "state": "Berlin",
                     *               "street": null,
                     *               "streetAddress": "",
                     *               "streetNumber": null,
                     *               "zoomLevel": 15
                     *             },
                     *             "message": "A bench with the whole city at your feet.",
                     *             "notemaps": {
                     *               "meta": {
                     *                 "count": 0,
                     *                 "nextUrl": "/v2/notes/2/notemaps"
                     *               }
                     *             },
                     *             "place": {
                     *               "id": 1,
                     *               "name": "Berlin, Berlin, Germany",
                     *               "link": "https://placenotes.example.org/places/1"
                     *             },
                     *             "publicViewsCount": 0,
                     *             "tags": {
                     *               "meta": {
                     *                 "count": 1,
                     *                 "nextUrl": "/v2/notes/2/tags"
                     *               }
                     *             },
                     *             "title": "A bench with the whole city at your feet.",
                     *             "updatedAt": 1777626180,
                     *             "visibility": "public",
                     *             "locationPrecision": "exact"
                     *           }
                     *         },
                     *         {
                     *           "cursor": "czM",
                     *           "id": 1,
                     *           "kind": "upsert",
                     *           "note": {
                     *             "author": {
                     *               "avatar": {
                     *                 "hasAvatar": true,
                     *                 "hash": "2bd806c97f0e00af1a1fc3328fa763a9",
                     *                 "urlRoot": "https://placenotes.example.org/avatars/2bd806c97f0e00af1a1fc3328fa763a9"
                     *               },
                     *               "id": 1,
                     *               "link": "https://placenotes.example.org/users/alice",
                     *               "name": "Alice Example",
                     *               "username": "alice"
                     *             },
                     *             "comments": {
                     *               "meta": {
                     *                 "count": 1,
                     *                 "nextUrl": "/v2/notes/1/comments"
                     *               }
                     *             },
                     *             "createdAt": 1777626120,
                     *             "currentUserData": {
                     *               "canComment": true,
                     *               "canFavorite": true,
                     *               "isFavorited": false,
                     *               "isFound": false
                     *             },
                     *             "depiction": null,
                     *             "displayAddress": "44 Paul-Lincke-Ufer, Berlin, Berlin, Germany",
                     *             "favoriters": {
                     *               "meta": {
                     *                 "count": 1,
                     *                 "nextUrl": "/v2/notes/1/favoriters"
                     *               }
                     *             },
                     *             "finders": {
                     *               "meta": {
                     *                 "count": 1,
                     *                 "nextUrl": "/v2/notes/1/finders"
                     *               }
                     *             },
                     *             "id": 1,
                     *             "image": null,
                     *             "implicit_title": "The best flat white in Kreuzberg, and a quiet garden at the…",
                     *             "link": "https://placenotes.example.org/notes/1",
                     *             "location": {
                     *               "city": "Berlin",
                     *               "country": "Germany",
                     *               "isoCountryCode": "DE",
                     *               "latitude": 52.4959,
                     *               "longitude": 13.4219,
                     *               "neighborhood": null,
                     *               "postalCode": "10999",
                     *               "state": "Berlin",
                     *               "street": "Paul-Lincke-Ufer",
                     *               "streetAddress": "",
                     *               "streetNumber": "44",
                     *               "zoomLevel": 15
                     *             },
                     *             "message": "The best flat white in Kreuzberg, and a quiet garden at the back. #coffee",
                     *             "notemaps": {
                     *               "meta": {
                     *                 "count": 1,
                     *                 "nextUrl": "/v2/notes/1/notemaps"
                     *               }
                     *             },
                     *             "place": {
                     *               "id": 1,
                     *               "name": "Berlin, Berlin, Germany",
                     *               "link": "https://placenotes.example.org/places/1"
                     *             },
                     *             "publicViewsCount": 0,
                     *             "tags": {
                     *               "meta": {
                     *                 "count": 2,
                     *                 "nextUrl": "/v2/notes/1/tags"
                     *               }
                     *             },
                     *             "title": "Café am Kanal",
                     *             "updatedAt": 1777626120,
                     *             "visibility": "public",
                     *             "locationPrecision": "exact"
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 2,
                     *         "nextUrl": null,
                     *         "cursor": "czM"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description The feed position of this change: resuming from it gives what changed after it. */
                            cursor: string;
                            /** @description The note's id. */
                            id: number;
                            /**
                             * @description `upsert`: the note as the caller may see it now (`note`); `delete`: drop it (deleted, hidden from the caller, or out of the filter).
                             * @enum {string}
                             */
                            kind: "upsert" | "delete";
                            note?: components["schemas"]["Note"];
                        }[];
                        meta: {
                            http_status: number;
                            /** @description Items on this page. */
                            count: number;
                            /** @description The next page; null once the caller has caught up. */
                            nextUrl: string | null;
                            /** @description Where to resume next time, never null: past the last change of this page, else the request's `since`, else the feed's start. */
                            cursor: string;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "url": "https://hooks.app.example.org/place-notes",
                     *           "events": [
                     *             "note.created",
                     *             "comment.created"
                     *           ],
                     *           "filters": {
                     *             "near": "52.5,13.4",
                     *             "radius": 5000
                     *           },
                     *           "createdAt": 1777626060
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 1,
                     *         "nextUrl": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            id: number;
                            url: string;
                            events: ("note.created" | "note.updated" | "note.deleted" | "comment.created" | "note.favorited" | "user.followed")[];
                            /** @description What the subscription hears of: every filter given must hold. Empty: every note its user may read. */
                            filters: {
                                /** @description `minLon,minLat,maxLon,maxLat`: only notes inside. */
                                bbox?: string;
                                /** @description `lat,lon`: only notes within `radius` metres. */
                                near?: string;
                                radius?: number;
                                /** @description Only notes this notemap holds. */
                                notemap_id?: number;
                                /** @description Only notes by this user (id). */
                                author?: number;
                            };
                            /** @description Unix seconds. */
                            createdAt: number;
                            /** @description Only in the answer to its creation: `whsec_` + base64. Sign checks use it; keep it. */
                            secret?: string;
                        }[];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description A new random key (a UUID) per request: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.app.example.org/place-notes",
                 *       "events": [
                 *         "note.created",
                 *         "comment.created"
                 *       ],
                 *       "near": "52.5,13.4",
                 *       "radius": 5000
                 *     }
                 */
                "application/json": {
                    /** @description Where events are posted: `https://…`, or `http://` to a public address. */
                    url: string;
                    /** @description One or more of note.created, note.updated, note.deleted, comment.created, note.favorited, user.followed. */
                    events: string[];
                    bbox?: string;
                    near?: string;
                    radius?: number;
                    notemap_id?: number | string;
                    author?: number | string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The path of the resource made (on 201, for notes, comments and notemaps) */
                    Location?: string;
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "url": "https://hooks.app.example.org/place-notes",
                     *         "events": [
                     *           "note.created",
                     *           "comment.created"
                     *         ],
                     *         "filters": {
                     *           "near": "52.5,13.4",
                     *           "radius": 5000
                     *         },
                     *         "createdAt": 1777626060,
                     *         "secret": "whsec_WlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlo="
                     *       },
                     *       "meta": {
                     *         "http_status": 201
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            id: number;
                            url: string;
                            events: ("note.created" | "note.updated" | "note.deleted" | "comment.created" | "note.favorited" | "user.followed")[];
                            /** @description What the subscription hears of: every filter given must hold. Empty: every note its user may read. */
                            filters: {
                                /** @description `minLon,minLat,maxLon,maxLat`: only notes inside. */
                                bbox?: string;
                                /** @description `lat,lon`: only notes within `radius` metres. */
                                near?: string;
                                radius?: number;
                                /** @description Only notes this notemap holds. */
                                notemap_id?: number;
                                /** @description Only notes by this user (id). */
                                author?: number;
                            };
                            /** @description Unix seconds. */
                            createdAt: number;
                            /** @description Only in the answer to its creation: `whsec_` + base64. Sign checks use it; keep it. */
                            secret?: string;
                        };
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has a content type the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "url": "https://hooks.app.example.org/place-notes",
                     *         "events": [
                     *           "note.created",
                     *           "comment.created"
                     *         ],
                     *         "filters": {
                     *           "near": "52.5,13.4",
                     *           "radius": 5000
                     *         },
                     *         "createdAt": 1777626060
                     *       },
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            id: number;
                            url: string;
                            events: ("note.created" | "note.updated" | "note.deleted" | "comment.created" | "note.favorited" | "user.followed")[];
                            /** @description What the subscription hears of: every filter given must hold. Empty: every note its user may read. */
                            filters: {
                                /** @description `minLon,minLat,maxLon,maxLat`: only notes inside. */
                                bbox?: string;
                                /** @description `lat,lon`: only notes within `radius` metres. */
                                near?: string;
                                radius?: number;
                                /** @description Only notes this notemap holds. */
                                notemap_id?: number;
                                /** @description Only notes by this user (id). */
                                author?: number;
                            };
                            /** @description Unix seconds. */
                            createdAt: number;
                            /** @description Only in the answer to its creation: `whsec_` + base64. Sign checks use it; keep it. */
                            secret?: string;
                        };
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "http_status": 200
                     *       }
                     *     }
                     */
                    "application/json": {
                        meta: {
                            http_status: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Items to skip. */
                offset?: number;
                /** @description Items per page (at most 100). */
                limit?: number;
            };
            header?: {
                /** @description The `ETag` of the copy the client holds: 304 without a body while it is current */
                "if-none-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The entity tag of this answer, for `If-None-Match` and `If-Match` */
                    ETag?: string;
                    /** @description `<nextUrl>; rel="next"` while there is a next page */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "eventId": "evt_3",
                     *           "type": "comment.created",
                     *           "attempt": 1,
                     *           "status": 204,
                     *           "error": null,
                     *           "at": 1777628760
                     *         },
                     *         {
                     *           "eventId": "evt_2",
                     *           "type": "note.created",
                     *           "attempt": 1,
                     *           "status": 204,
                     *           "error": null,
                     *           "at": 1777628760
                     *         }
                     *       ],
                     *       "meta": {
                     *         "http_status": 200,
                     *         "count": 3,
                     *         "nextUrl": "/v2/webhooks/1/deliveries?offset=2&limit=2"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description The event's id, also its `webhook-id`. */
                            eventId: string;
                            /** @enum {string} */
                            type: "note.created" | "note.updated" | "note.deleted" | "comment.created" | "note.favorited" | "user.followed";
                            /** @description 1 for the first attempt of this event, 2 for its first retry… */
                            attempt: number;
                            /** @description The receiver's HTTP status; null when it gave none. */
                            status: number | null;
                            /** @description Why the attempt failed; null when delivered (a 2xx). */
                            error: string | null;
                            /** @description Unix seconds. */
                            at: number;
                        }[];
                        meta: {
                            http_status: number;
                            count: number;
                            nextUrl: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: `fields` names each problem */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing (where one is needed), invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token lacks the scope, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (the message names the request id) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached now: Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    grant_type?: string;
                    code?: string;
                    redirect_uri?: string;
                    code_verifier?: string;
                    refresh_token?: string;
                    scope?: string;
                    client_id?: string;
                    client_secret?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "hR0lN5b1yRr8kV0Tq2c9w6m3XzU4pJ7aE1sD5fG8hJ0",
                     *       "token_type": "bearer",
                     *       "scope": "read write notes",
                     *       "user": {
                     *         "id": 1,
                     *         "username": "alice"
                     *       }
                     *     }
                     */
                    "application/json": {
                        access_token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        /** @description Seconds the token lives; absent when tokens do not expire (ACCESS_TOKEN_TTL_S unset) */
                        expires_in?: number;
                        /** @description Present when the server issues one with the grant */
                        refresh_token?: string;
                        /** @description The scopes granted, space-separated */
                        scope: string;
                        user: {
                            id: number;
                            username: string;
                        };
                    };
                };
            };
            /** @description The request or the grant is not valid (`invalid_request`, `invalid_grant`, `unsupported_grant_type`, `invalid_scope`…) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, server_error or temporarily_unavailable */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description The client could not be authenticated (`invalid_client`; with HTTP Basic, a `WWW-Authenticate` challenge) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, server_error or temporarily_unavailable */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (`server_error`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, server_error or temporarily_unavailable */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description The database cannot be reached now (`temporarily_unavailable`): Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, server_error or temporarily_unavailable */
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token?: string;
                    token_type_hint?: string;
                    client_id?: string;
                    client_secret?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description Revoked, or unknown */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example {} */
                    "application/json": Record<string, never>;
                };
            };
            /** @description The request or the grant is not valid (`invalid_request`, `invalid_grant`, `unsupported_grant_type`, `invalid_scope`…) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, server_error or temporarily_unavailable */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description The client could not be authenticated (`invalid_client`; with HTTP Basic, a `WWW-Authenticate` challenge) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, server_error or temporarily_unavailable */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description The rate limit is spent: Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An error of the service (`server_error`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, server_error or temporarily_unavailable */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description The database cannot be reached now (`temporarily_unavailable`): Retry-After says when to try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, server_error or temporarily_unavailable */
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
}
